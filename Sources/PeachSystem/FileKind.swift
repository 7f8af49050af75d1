#if canImport(Glibc)
import Glibc
#endif
import PeachText

/// What a path names, as `stat` sees it (after following symbolic links), in the words a message uses.
public enum FileKind: Equatable, Sendable {
    case regular, directory, fifo, characterDevice, blockDevice, socket, other

    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        default: self = .other
        }
    }

    /// The kind of `path`, or nil when it does not exist (or cannot be looked at).
    public static func of(_ path: String) -> FileKind? {
        try? FileStatus.of(path).kind
    }

    /// "a directory", "a FIFO (named pipe)", …
    public var phrase: String {
        switch self {
        case .regular: tr(.fileKindRegular)
        case .directory: tr(.fileKindDirectory)
        case .fifo: tr(.fileKindFifo)
        case .characterDevice: tr(.fileKindCharacterDevice)
        case .blockDevice: tr(.fileKindBlockDevice)
        case .socket: tr(.fileKindSocket)
        case .other: tr(.fileKindOther)
        }
    }
}
