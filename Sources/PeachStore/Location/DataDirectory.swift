/// The directory that holds the training log, its lock file and moved-aside corrupt lines.
/// Resolution order (first non-empty wins): `--data-dir`, `PEACH_DATA_DIR`, `$XDG_DATA_HOME/peach`,
/// `$HOME/.local/share/peach`. Pure: the caller passes the environment, so tests never touch the real home.
public struct DataDirectory: Hashable, Sendable, CustomStringConvertible {
    public let path: String

    public init(path: String) {
        // A trailing slash would produce "dir//training.log" in messages; keep paths tidy.
        var trimmed = path
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.path = trimmed
    }

    public static let logFileName = "training.log"
    public static let lockFileName = "training.lock"
    public static let corruptFileName = "training.log.corrupt"

    public var logPath: String { path + "/" + Self.logFileName }
    public var lockPath: String { path + "/" + Self.lockFileName }
    /// Torn or unparsable last lines, and headers cut short before any record, are appended here, never deleted.
    public var corruptPath: String { path + "/" + Self.corruptFileName }

    public var description: String { path }

    public static func resolve(explicit: String?, environment: [String: String]) throws(DataDirectoryError) -> DataDirectory {
        if let explicit, !explicit.isEmpty { return DataDirectory(path: explicit) }
        if let override = environment["PEACH_DATA_DIR"], !override.isEmpty { return DataDirectory(path: override) }
        // The XDG spec says relative values are invalid and must be ignored.
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return DataDirectory(path: xdg + "/peach") }
        if let home = environment["HOME"], !home.isEmpty { return DataDirectory(path: home + "/.local/share/peach") }
        throw DataDirectoryError.noLocation
    }
}
