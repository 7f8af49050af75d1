import PeachCore

/// The Scala files a configuration names, read and checked when it was loaded (`TuningFileResolver`, in
/// PeachConfigFiles), by the path as the file wrote it. A path that could not be read is absent, and its key reads as its default.
public struct TuningFiles: Hashable, Sendable {
    public var scales: [String: ScalaScale] = [:]
    public var mappings: [String: ScalaKeyboardMapping] = [:]

    public init() {}

    /// The tuning `value` names ("equal", "just", a named tuning's id or a loaded .scl's path), with `mappingPath`'s
    /// keyboard mapping when it is loaded; equal temperament for anything else.
    public func tuningSystem(named value: String, mappingPath: String) -> TuningSystem {
        let mapping = mappings[mappingPath]
        switch value {
        case "equal": return .equalTemperament
        case "just": return .justIntonation
        default:
            if let named = NamedTunings.tuning(id: value) { return .named(named, mapping: mapping) }
            guard let scale = scales[value] else { return .equalTemperament }
            return .file(named: Self.baseName(value), scale: scale, mapping: mapping)
        }
    }

    /// "~/tunings/meantone 1-5.scl" → "meantone 1-5".
    static func baseName(_ path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.lowercased().hasSuffix(".scl") ? String(file.dropLast(4)) : file
    }
}
