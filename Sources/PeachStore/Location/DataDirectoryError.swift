import PeachText

/// Why no data directory could be chosen.
public enum DataDirectoryError: Error, Equatable, Sendable, CustomStringConvertible {
    case noLocation

    public var description: String {
        switch self {
        case .noLocation:
            tr(.storeNoDataDirectory)
        }
    }
}
