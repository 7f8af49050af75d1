import PeachCore
import Synchronization

/// Keeps every log line, to check that a failure was reported (and how).
final class RecordingLogger: PeachLogger {
    private let recorded = Mutex<[(level: LogLevel, message: String)]>([])

    var entries: [(level: LogLevel, message: String)] { recorded.withLock { $0 } }

    func log(_ level: LogLevel, _ message: String) { recorded.withLock { $0.append((level, message)) } }
}
