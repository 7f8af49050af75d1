import Foundation
import Testing
@testable import PeachCore
import PeachDisciplines
import PeachTestSupport

@MainActor
final class MockSettingsSource: TrainingSettingsSource {
    var currentSettings: TrainingSettings
    init(_ settings: TrainingSettings = .defaults) { currentSettings = settings }
}

final class RecordingLogger: PeachLogger, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [(LogLevel, String)] = []
    var entries: [(level: LogLevel, message: String)] { lock.withLock { recorded } }
    func log(_ level: LogLevel, _ message: String) { lock.withLock { recorded.append((level, message)) } }
    func count(atLeast level: LogLevel) -> Int { entries.filter { $0.level >= level }.count }
}

/// Delivers interruption events on demand to whoever subscribed last.
final class MockInterruptionSource: InterruptionSource, @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: AsyncStream<InterruptionEvent>.Continuation?
    private(set) var subscriptionCount = 0

    func events() -> AsyncStream<InterruptionEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: InterruptionEvent.self)
        lock.withLock {
            self.continuation = continuation
            subscriptionCount += 1
        }
        return stream
    }

    func send(_ event: InterruptionEvent) {
        _ = lock.withLock { continuation }?.yield(event)
    }
}

struct ObserverFailure: Error {}

/// Lets the main actor run the session's tasks until `condition` holds. Yields only: no wall-clock sleep.
@MainActor
func waitUntil(_ description: String = "condition", _ condition: () -> Bool,
               sourceLocation: SourceLocation = #_sourceLocation) async {
    for _ in 0..<200_000 {
        if condition() { return }
        await Task.yield()
    }
    Issue.record("Timed out waiting for \(description)", sourceLocation: sourceLocation)
}

/// Gives pending tasks plenty of chances to run, for asserting that something does NOT happen.
@MainActor
func settle() async {
    for _ in 0..<200 { await Task.yield() }
}
