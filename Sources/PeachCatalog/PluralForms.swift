/// A catalog's `Plural-Forms` header, as gettext writes it: `nplurals=2; plural=(n != 1);` — how many forms a
/// counted text has in the language, and which form a count takes. The program never reads a catalog, so the rule
/// becomes Swift in the generated source; the rules the generator can write are the ones listed in `known`, which a
/// new language with another rule extends by one line (gettext's manual lists the rule of every language).
public struct PluralForms: Hashable, Sendable {
    /// `nplurals`: how many forms (`msgstr[0]` … `msgstr[count - 1]`) every counted text has.
    public var count: Int
    /// `plural`, as written in the header (without its trailing semicolon).
    public var rule: String
    /// The rule as a Swift expression over `n` (an `Int`) giving the form's index.
    public var swiftExpression: String

    /// One form for every count: what a catalog without counted texts needs.
    public static let single = PluralForms(count: 1, rule: "0", swiftExpression: "0")

    /// The rules the generator can write, keyed by the rule with its spaces and outer parentheses removed, each
    /// with its number of forms and its Swift.
    static let known: [String: (count: Int, swift: String)] = [
        "n!=1": (2, "n != 1 ? 1 : 0"),  // English, German, Dutch, the Scandinavian languages, Italian, Spanish …
        "n>1": (2, "n > 1 ? 1 : 0"),    // French, Brazilian Portuguese
        "0": (1, "0"),                  // Japanese, Chinese, Korean …
    ]

    /// The value of a header's `Plural-Forms:` field ("nplurals=2; plural=(n != 1);"); the message says what is
    /// wrong with it.
    static func parse(_ field: String) -> Result<PluralForms, PluralFormsError> {
        var settings: [String: String] = [:]
        for part in field.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else {
                if part.trimmingWhitespace().isEmpty { continue }
                return .failure(PluralFormsError("expected name=value, found \(part.trimmingWhitespace())"))
            }
            settings[String(pair[0].trimmingWhitespace())] = String(pair[1].trimmingWhitespace())
        }
        guard let countText = settings["nplurals"], let count = Int(countText), count >= 1 else {
            return .failure(PluralFormsError("needs nplurals=N (the number of forms), e.g. nplurals=2; plural=(n != 1);"))
        }
        guard let rule = settings["plural"] else {
            return .failure(PluralFormsError("needs plural=RULE (which form a count n takes), e.g. plural=(n != 1);"))
        }
        guard let known = known[normalized(rule)] else {
            return .failure(PluralFormsError("the rule plural=\(rule) is not one the generator can write yet: "
                                             + "add it to PluralForms.known (Sources/PeachCatalog/PluralForms.swift)"))
        }
        guard known.count == count else {
            return .failure(PluralFormsError("plural=\(rule) chooses among \(known.count) forms, but nplurals=\(count)"))
        }
        return .success(PluralForms(count: count, rule: rule, swiftExpression: known.swift))
    }

    /// "(n != 1)" → "n!=1": spaces and parentheses around the whole rule do not change it.
    static func normalized(_ rule: String) -> String {
        var text = rule.filter { !$0.isWhitespace }
        while text.hasPrefix("("), text.hasSuffix(")") { text = String(text.dropFirst().dropLast()) }
        return text
    }
}

/// Why a `Plural-Forms` header cannot be used.
struct PluralFormsError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
