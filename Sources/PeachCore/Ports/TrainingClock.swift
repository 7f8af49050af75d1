import Foundation

/// Time for the training loops, injected so tests never wait on the wall clock.
public protocol TrainingClock: Sendable {
    func now() -> Date
    /// Suspends for `duration`; throws `CancellationError` when the task is cancelled.
    func sleep(for duration: Duration) async throws
}

/// The real clock.
public struct SystemTrainingClock: TrainingClock {
    public init() {}
    public func now() -> Date { Date() }
    public func sleep(for duration: Duration) async throws { try await Task.sleep(for: duration) }
}
