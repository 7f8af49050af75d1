/// Why no data directory could be chosen.
public enum DataDirectoryError: Error, Equatable, Sendable, CustomStringConvertible {
    case noLocation

    public var description: String {
        switch self {
        case .noLocation:
            "Cannot choose a data directory for the training log: none of --data-dir, PEACH_DATA_DIR, "
                + "XDG_DATA_HOME (absolute) or HOME is set. Pass --data-dir DIR."
        }
    }
}
