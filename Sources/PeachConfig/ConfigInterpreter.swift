import PeachCore
import PeachText

/// Checks a parsed file against the schema. Every rejected value is reported with file, line, key,
/// the bad value and what is allowed, and the default is used instead: Peach never refuses to run
/// because of its configuration.
public enum ConfigInterpreter {
    public static func interpret(_ document: ConfigDocument, file: String, schema: ConfigSchema) -> PeachConfiguration {
        var values: [String: ConfigValue] = [:]
        var lineOfKey: [String: Int] = [:]
        var diagnostics: [ConfigDiagnostic] = []

        for line in document.lines {
            switch line.kind {
            case .blank, .comment:
                continue
            case .malformed:
                diagnostics.append(ConfigDiagnostic(
                    severity: .warning, file: file, line: line.number, value: line.text,
                    message: tr(.configNotALine)))
            case .section(let name):
                if !schema.sections.contains(name) {
                    diagnostics.append(ConfigDiagnostic(
                        severity: .warning, file: file, line: line.number, key: "[\(Echo.clipped(name))]",
                        allowed: schema.sections.joined(separator: ", "),
                        message: tr(.configUnknownSection, ["sections": schema.sections.joined(separator: ", ")])))
                }
            case .entry(let name, let text):
                guard schema.sections.contains(line.section) else {
                    if line.section.isEmpty {
                        diagnostics.append(ConfigDiagnostic(
                            severity: .warning, file: file, line: line.number, key: Echo.clipped(name), value: text,
                            message: tr(.configKeyOutsideSection)))
                    }
                    continue
                }
                guard let key = schema.key(section: line.section, name: name) else {
                    let known = schema.keys.filter { $0.section == line.section }.map(\.name)
                    let suggestion = SpellingSuggestion.closest(to: name, in: known).map { tr(.configDidYouMean, ["suggestion": $0]) } ?? ""
                    diagnostics.append(ConfigDiagnostic(
                        severity: .warning, file: file, line: line.number, key: "[\(line.section)] \(Echo.clipped(name))", value: text,
                        allowed: known.joined(separator: ", "),
                        message: tr(.configUnknownKey, ["suggestion": suggestion, "section": line.section,
                                                         "keys": known.joined(separator: ", ")])))
                    continue
                }
                if let earlier = lineOfKey[key.id] {
                    diagnostics.append(ConfigDiagnostic(
                        severity: .warning, file: file, line: line.number, key: key.description, value: text,
                        message: tr(.configSetAgain, ["line": "\(earlier)"])))
                }
                lineOfKey[key.id] = line.number
                if let value = key.kind.parse(text) {
                    values[key.id] = value == key.defaultValue ? nil : value
                } else {
                    values[key.id] = nil
                    diagnostics.append(rejected(key, text, file: file, line: line.number))
                }
            }
        }

        for pair in schema.pairs {
            check(pair, values: &values, lines: lineOfKey, file: file, diagnostics: &diagnostics)
        }
        return PeachConfiguration(values: values, diagnostics: diagnostics)
    }

    static func rejected(_ key: ConfigKey, _ text: String, file: String, line: Int) -> ConfigDiagnostic {
        ConfigDiagnostic(severity: .error, file: file, line: line, key: key.description, value: text,
                         allowed: key.kind.allowedDescription,
                         message: tr(.configNotAllowed, ["allowed": key.kind.allowedDescription, "default": "\(key.defaultValue)"]))
    }

    /// When a pair does not hold, both keys fall back to their defaults (which do hold).
    private static func check(_ pair: ConfigKeyPair, values: inout [String: ConfigValue], lines: [String: Int],
                              file: String, diagnostics: inout [ConfigDiagnostic]) {
        let first = values[pair.first.id] ?? pair.first.defaultValue
        let second = values[pair.second.id] ?? pair.second.defaultValue
        guard !pair.holds(first, second) else { return }
        values[pair.first.id] = nil
        values[pair.second.id] = nil
        let allowed: String
        let problem: String
        switch pair.rule {
        case .notAbove:
            allowed = tr(.configNotBelow, ["first": pair.first.name, "value": "\(first)"])
            problem = tr(.configIsBelow, ["second": pair.second.name, "secondValue": "\(second)", "first": pair.first.name,
                                          "firstValue": "\(first)"])
        case .different:
            allowed = tr(.configDifferentFrom, ["first": pair.first.name, "value": "\(first)"])
            problem = tr(.configMustDiffer, ["second": pair.second.name, "first": pair.first.name, "value": "\(second)"])
        }
        diagnostics.append(ConfigDiagnostic(
            severity: .error, file: file, line: lines[pair.second.id] ?? lines[pair.first.id],
            key: pair.second.description, value: second.description, allowed: allowed,
            message: tr(.configUsingDefaults, ["problem": problem, "firstDefault": "\(pair.first.defaultValue)",
                                               "secondDefault": "\(pair.second.defaultValue)"])))
    }
}
