import PeachText

/// What is wrong between the English template and a translation, one line each; empty when the
/// translation is complete: every English id has a non-empty translation (every plural form of a counted text)
/// with the same placeholders, counted where the English is counted, the English each translation was made from
/// is the template's current English (a changed English text needs its translation reviewed), and no translation
/// is left for an id the template dropped.
public enum CatalogCheck {
    public static func problems(template: [CatalogEntry], translation: [CatalogEntry], language: String) -> [String] {
        let translated = Dictionary(uniqueKeysWithValues: translation.map { ($0.id, $0) })
        let known = Set(template.map(\.id))
        var problems: [String] = []
        for entry in template {
            guard let other = translated[entry.id], other.isTranslated else {
                problems.append("\(entry.id): no \(language) text")
                continue
            }
            if entry.isCounted != other.isCounted {
                problems.append(entry.isCounted
                    ? "\(entry.id): counted in English (msgid_plural), not in \(language): give it msgid_plural and msgstr[0] …"
                    : "\(entry.id): counted in \(language) (msgid_plural), not in English: give it one msgstr")
                continue
            }
            if other.englishForms != entry.englishForms {
                problems.append("\(entry.id): the English changed since it was translated; review the \(language) text "
                                + "and copy the new English into its msgid" + (entry.isCounted ? " and msgid_plural" : ""))
            }
            problems += placeholderProblems(entry, other, language: language)
        }
        for entry in translation where !known.contains(entry.id) {
            problems.append("\(entry.id): translated, but not in the English template (removed or renamed?)")
        }
        return problems
    }

    /// Each translated form keeps the English's placeholders and adds none. A counted text's first form (one thing,
    /// in English and German) may leave out `{count}`, as "the first training day" does.
    static func placeholderProblems(_ entry: CatalogEntry, _ other: CatalogEntry, language: String) -> [String] {
        let expected = Set(entry.englishForms.flatMap(Template.placeholders(in:)))
        return other.translations.enumerated().compactMap { index, form in
            let found = Set(Template.placeholders(in: form))
            let required = entry.isCounted && index == 0 ? expected.subtracting(["count"]) : expected
            guard !found.isSubset(of: expected) || !required.isSubset(of: found) else { return nil }
            let which = entry.isCounted ? " (msgstr[\(index)])" : ""
            return "\(entry.id): placeholders \(list(expected)) in English, \(list(found)) in \(language)\(which)"
        }
    }

    private static func list(_ names: Set<String>) -> String { "{\(names.sorted().joined(separator: "} {"))}" }
}
