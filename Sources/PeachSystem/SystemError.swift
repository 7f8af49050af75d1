#if canImport(Glibc)
import Glibc
#endif
import PeachText

/// A failed system call: what was attempted on which file (or descriptor), and the errno.
/// Callers that know what the user can do about it add that themselves (the training store's `advice`).
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    public let operation: String
    /// The file, or a description of the descriptor ("the signal pipe").
    public let path: String
    public let code: Int32

    /// `code` defaults to `errno`, so create it right after the call that failed.
    public init(_ operation: String, _ path: String, code: Int32 = errno) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    public var reason: String { String(cString: strerror(code)) }

    /// "opening /x/training.log failed: Read-only file system (errno 30)".
    public var description: String {
        tr(.systemFailed, ["operation": Self.operations[operation].map { tr($0) } ?? operation, "path": path, "reason": reason,
                           "code": "\(code)"])
    }

    /// The operations the file layer names, in the user's language; any other stays as written.
    private static let operations: [String: MessageID] = [
        "opening": .systemOpening, "reading": .systemReading, "writing to": .systemWritingTo, "truncating": .systemTruncating,
        "creating": .systemCreating, "creating the directory": .systemCreatingTheDirectory, "examining": .systemExamining,
        "locking": .systemLocking, "flushing (fsync)": .systemFlushing, "reading the flags of": .systemReadingTheFlagsOf,
        "setting O_NONBLOCK on": .systemSettingNonBlocking, "clearing O_NONBLOCK on": .systemClearingNonBlocking,
        "setting FD_CLOEXEC on": .systemSettingCloseOnExec, "reading the size of": .systemReadingTheSizeOf,
    ]
}
