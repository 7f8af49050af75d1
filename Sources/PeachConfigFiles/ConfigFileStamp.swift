import Foundation
import PeachSystem

/// What is compared to notice that the configuration file changed on disk. The app polls
/// `ConfigFileStamp.read(path:)` (e.g. once per trial) and reloads when `hasChanged` says so.
public struct ConfigFileStamp: Hashable, Sendable {
    public var exists: Bool
    public var modificationTime: Date?
    public var size: UInt64?

    public static let missing = ConfigFileStamp(exists: false, modificationTime: nil, size: nil)

    public init(exists: Bool, modificationTime: Date?, size: UInt64?) {
        self.exists = exists
        self.modificationTime = modificationTime
        self.size = size
    }

    /// Size as well as mtime: two saves within the file system's timestamp resolution still differ.
    public static func hasChanged(from old: ConfigFileStamp, to new: ConfigFileStamp) -> Bool { old != new }

    public static func read(path: String) -> ConfigFileStamp {
        guard let status = try? FileStatus.of(path) else { return .missing }
        return ConfigFileStamp(exists: true, modificationTime: status.modificationDate, size: UInt64(status.size))
    }
}
