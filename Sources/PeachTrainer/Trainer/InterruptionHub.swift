import Foundation
import PeachCore

/// Fans interruption events out to every subscriber (both sessions and the controller), so the
/// adapters that detect them (signals, the sequencer's announce port) publish each event once.
public final class InterruptionHub: InterruptionSource, @unchecked Sendable {
    // @unchecked: the subscriber table is only touched under `lock`.
    private let lock = NSLock()
    private var subscribers: [UUID: AsyncStream<InterruptionEvent>.Continuation] = [:]

    public init() {}

    public func events() -> AsyncStream<InterruptionEvent> {
        let (stream, continuation) = AsyncStream<InterruptionEvent>.makeStream()
        let id = UUID()
        lock.withLock { subscribers[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.lock.withLock { self.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    public func publish(_ event: InterruptionEvent) {
        for continuation in lock.withLock({ Array(subscribers.values) }) { continuation.yield(event) }
    }
}
