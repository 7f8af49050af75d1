import Foundation

/// Reads a configuration file. A missing file is not a problem (all defaults); an unreadable one
/// is a warning and also gives the defaults.
public enum ConfigLoader {
    public static func load(path: String) -> PeachConfiguration {
        guard FileManager.default.fileExists(atPath: path) else { return .defaults }
        guard let data = FileManager.default.contents(atPath: path) else {
            return PeachConfiguration(values: [:], diagnostics: [ConfigDiagnostic(
                severity: .warning, file: path, line: nil, message: "cannot read the file; using the defaults")])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return PeachConfiguration(values: [:], diagnostics: [ConfigDiagnostic(
                severity: .warning, file: path, line: nil, message: "not UTF-8 text; using the defaults")])
        }
        return parse(text: text, file: path)
    }

    public static func parse(text: String, file: String) -> PeachConfiguration {
        ConfigInterpreter.interpret(ConfigDocument(text: text), file: file)
    }
}
