import Foundation
import PeachConfig
import PeachCore
import PeachSystem
import PeachText

/// Reads a configuration file. A missing or empty file is not a problem (all defaults, as with
/// `--config /dev/null`); a directory, a FIFO, an endless device or an unreadable file is a
/// warning and also gives the defaults.
public enum ConfigLoader {
    /// A configuration file is a few kilobytes; the cap only stops endless devices and mistakes.
    public static let sizeLimit = 1_000_000

    /// `environment` gives HOME for a tuning file's "~/" path.
    public static func load(path: String, schema: ConfigSchema,
                            environment: [String: String] = ProcessInfo.processInfo.environment) -> PeachConfiguration {
        let bytes: [UInt8]
        do {
            bytes = try UserFile.read(path, limit: sizeLimit)
        } catch {
            switch error {
            case .missing, .empty: return .defaults
            case .isDirectory, .notRegular, .specialFile, .tooLarge, .system: return unusable(tr(.configUnusableFile, ["problem": error.problem]), path: path)
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return unusable(tr(.configNotUTF8), path: path)
        }
        return parse(text: text, file: path, schema: schema, environment: environment)
    }

    /// The text checked against the schema, with the tuning files it names read (`TuningFileResolver`).
    public static func parse(text: String, file: String, schema: ConfigSchema,
                             environment: [String: String] = ProcessInfo.processInfo.environment,
                             readTuningFile: (String) throws(UserFileError) -> [UInt8] = TuningFiles.read) -> PeachConfiguration {
        let document = ConfigDocument(text: text)
        let interpreted = ConfigInterpreter.interpret(document, file: file, schema: schema)
        return TuningFileResolver.resolve(interpreted, document: document, file: file, environment: environment,
                                          read: readTuningFile)
    }

    private static func unusable(_ message: String, path: String) -> PeachConfiguration {
        PeachConfiguration(values: [:], diagnostics: [ConfigDiagnostic(severity: .warning, file: path, line: nil, message: message)])
    }
}
