/// Checks a parsed file against the schema. Every rejected value is reported with file, line, key,
/// the bad value and what is allowed, and the default is used instead: Peach never refuses to run
/// because of its configuration.
public enum ConfigInterpreter {
    public static func interpret(_ document: ConfigDocument, file: String) -> PeachConfiguration {
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
                    message: "not a 'key = value' line, a [section] or a # comment; ignored"))
            case .section(let name):
                if !ConfigSchema.sections.contains(name) {
                    diagnostics.append(ConfigDiagnostic(
                        severity: .warning, file: file, line: line.number, key: "[\(name)]",
                        allowed: ConfigSchema.sections.joined(separator: ", "),
                        message: "unknown section; its keys are ignored (sections: \(ConfigSchema.sections.joined(separator: ", ")))"))
                }
            case .entry(let name, let text):
                guard ConfigSchema.sections.contains(line.section) else {
                    if line.section.isEmpty {
                        diagnostics.append(ConfigDiagnostic(
                            severity: .warning, file: file, line: line.number, key: name, value: text,
                            message: "key outside any [section]; ignored"))
                    }
                    continue
                }
                guard let key = ConfigSchema.key(section: line.section, name: name) else {
                    let known = ConfigSchema.all.filter { $0.section == line.section }.map(\.name)
                    diagnostics.append(ConfigDiagnostic(
                        severity: .warning, file: file, line: line.number, key: "[\(line.section)] \(name)", value: text,
                        allowed: known.joined(separator: ", "),
                        message: "unknown key; ignored (keys in [\(line.section)]: \(known.joined(separator: ", ")))"))
                    continue
                }
                if let earlier = lineOfKey[key.id] {
                    diagnostics.append(ConfigDiagnostic(
                        severity: .warning, file: file, line: line.number, key: key.description, value: text,
                        message: "set again (first on line \(earlier)); the last value counts"))
                }
                lineOfKey[key.id] = line.number
                if let value = key.kind.parse(text) {
                    values[key.id] = value
                } else {
                    values[key.id] = nil
                    diagnostics.append(rejected(key, text, file: file, line: line.number))
                }
            }
        }

        checkOrder(lower: ConfigSchema.lowestNote, upper: ConfigSchema.highestNote,
                   values: &values, lines: lineOfKey, file: file, diagnostics: &diagnostics) {
            ($0.noteValue ?? nil)?.rawValue ?? 0 <= ($1.noteValue ?? nil)?.rawValue ?? 0
        }
        checkOrder(lower: ConfigSchema.minimumCentDifference, upper: ConfigSchema.maximumCentDifference,
                   values: &values, lines: lineOfKey, file: file, diagnostics: &diagnostics) {
            ($0.decimalValue ?? 0) <= ($1.decimalValue ?? 0)
        }
        return PeachConfiguration(values: values, diagnostics: diagnostics)
    }

    static func rejected(_ key: ConfigKey, _ text: String, file: String, line: Int) -> ConfigDiagnostic {
        ConfigDiagnostic(severity: .error, file: file, line: line, key: key.description, value: text,
                         allowed: key.kind.allowedDescription,
                         message: "allowed: \(key.kind.allowedDescription); using the default \(key.defaultValue)")
    }

    /// Two keys that must be in order (lowest ≤ highest): when they are not, both fall back to their defaults.
    private static func checkOrder(lower: ConfigKey, upper: ConfigKey, values: inout [String: ConfigValue],
                                   lines: [String: Int], file: String, diagnostics: inout [ConfigDiagnostic],
                                   inOrder: (ConfigValue, ConfigValue) -> Bool) {
        let low = values[lower.id] ?? lower.defaultValue
        let high = values[upper.id] ?? upper.defaultValue
        guard !inOrder(low, high) else { return }
        values[lower.id] = nil
        values[upper.id] = nil
        let line = lines[upper.id] ?? lines[lower.id]
        diagnostics.append(ConfigDiagnostic(
            severity: .error, file: file, line: line, key: upper.description, value: high.description,
            allowed: "not below \(lower.name) (\(low))",
            message: "\(upper.name) \(high) is below \(lower.name) \(low); using the defaults \(lower.defaultValue) and \(upper.defaultValue)"))
    }
}
