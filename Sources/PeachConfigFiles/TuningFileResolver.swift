import Foundation
import PeachConfig
import PeachCore
import PeachSystem
import PeachText

/// Reads the .scl and .kbm files a configuration names, once per load: a file that is missing, unreadable, too
/// large, binary or malformed is an error with its own line number (the configuration's line too), and the key
/// reads as its default, so Peach trains in equal temperament rather than refusing to start.
enum TuningFileResolver {
    typealias Reader = (String) throws(UserFileError) -> [UInt8]

    static func resolve(_ configuration: PeachConfiguration, document: ConfigDocument, file: String,
                        environment: [String: String], read: Reader) -> PeachConfiguration {
        var values = configuration.values
        var diagnostics = configuration.diagnostics
        var files = TuningFiles()
        let scalePath = configuration.text(ConfigSchema.tuningSystem)
        if !ConfigValueKind.tuningWords.contains(scalePath) {
            let loaded = load(scalePath, ConfigSchema.tuningSystem, document: document, file: file,
                                             environment: environment, read: read, diagnostics: &diagnostics) { bytes throws(ScalaError) in
                try ScalaScale.parse(bytes: bytes)
            }
            if let loaded { files.scales[scalePath] = loaded } else { values[ConfigSchema.tuningSystem.id] = nil }
        }
        let mappingPath = configuration.text(ConfigSchema.keyboardMapping)
        if !mappingPath.isEmpty {
            let loaded = load(mappingPath, ConfigSchema.keyboardMapping, document: document, file: file,
                                                       environment: environment, read: read, diagnostics: &diagnostics) { bytes throws(ScalaError) in
                try ScalaKeyboardMapping.parse(bytes: bytes)
            }
            if let loaded { files.mappings[mappingPath] = loaded } else { values[ConfigSchema.keyboardMapping.id] = nil }
        }
        if let mapping = files.mappings[mappingPath], let scale = files.scales[scalePath] ?? NamedTunings.tuning(id: scalePath)?.scale,
           let beyond = mapping.degreeBeyond(scale) {
            let line = document.lines.last(where: ConfigSchema.keyboardMapping.isSet(by:))?.number
            diagnostics.append(ConfigDiagnostic(severity: .warning, file: file, line: line, key: ConfigSchema.keyboardMapping.description,
                                                value: mappingPath,
                                                message: tr(.configMappingDegreeBeyond, ["line": "\(beyond.line)", "degree": "\(beyond.degree)",
                                                                                          "scale": scalePath, "notes": "\(scale.noteCount)"])))
        }
        var resolved = PeachConfiguration(values: values, diagnostics: diagnostics)
        resolved.tuningFiles = files
        return resolved
    }

    /// The parsed file, or nil after adding the diagnostic that says why not.
    private static func load<Value>(_ path: String, _ key: ConfigKey, document: ConfigDocument, file: String,
                                    environment: [String: String], read: Reader, diagnostics: inout [ConfigDiagnostic],
                                    parse: ([UInt8]) throws(ScalaError) -> Value) -> Value? {
        let line = document.lines.last(where: key.isSet(by:))?.number
        let problem: String
        do {
            let bytes = try read(absolute(path, configFile: file, environment: environment))
            do { return try parse(bytes) } catch { problem = error.description }
        } catch {
            problem = error.description
        }
        diagnostics.append(ConfigDiagnostic(severity: .error, file: file, line: line, key: key.description, value: path,
                                            message: tr(.configTuningFileUnusable, ["problem": problem, "default": key.emptyMeaning ?? "\(key.defaultValue)"])))
        return nil
    }

    /// "~/x.scl" is in the home directory; a relative path is relative to the configuration file's directory.
    static func absolute(_ path: String, configFile: String, environment: [String: String]) -> String {
        if path.hasPrefix("/") { return path }
        if path.hasPrefix("~/"), let home = environment["HOME"] { return home + path.dropFirst(1) }
        guard let slash = configFile.lastIndex(of: "/") else { return path }
        return String(configFile[...slash]) + path
    }
}

extension PeachConfiguration {
    /// After the Settings screen set the tuning or the keyboard mapping: the files they now name, read again.
    /// Returns the configuration and what was wrong with a file (nil when both could be used).
    public func reloadingTuningFiles(configFile: String,
                                     environment: [String: String] = ProcessInfo.processInfo.environment)
        -> (configuration: PeachConfiguration, problem: String?) {
        let before = PeachConfiguration(values: values, diagnostics: [])
        let reloaded = TuningFileResolver.resolve(before, document: ConfigDocument(text: ""), file: configFile,
                                                  environment: environment, read: TuningFiles.read)
        var kept = PeachConfiguration(values: reloaded.values, diagnostics: diagnostics + reloaded.diagnostics)
        kept.tuningFiles = reloaded.tuningFiles
        return (kept, reloaded.diagnostics.last.map { "\($0.value ?? ""): \($0.message)" })
    }
}
