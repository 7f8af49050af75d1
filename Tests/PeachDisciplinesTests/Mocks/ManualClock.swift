import Foundation
@testable import PeachCore
import PeachDisciplines
import PeachTestSupport

/// A TrainingClock that never waits on the wall clock: sleepers stay suspended until the test
/// advances time past their deadline. Every requested duration is recorded.
final class ManualClock: TrainingClock, @unchecked Sendable {
    private struct Sleeper {
        let deadline: Duration
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private let origin = Date(timeIntervalSince1970: 1_800_000_000)
    private var elapsed: Duration = .zero
    private var sleepers: [Int: Sleeper] = [:]
    private var cancelledBeforeRegistration: Set<Int> = []
    private var nextID = 0
    private var requested: [Duration] = []

    func now() -> Date { lock.withLock { origin.addingTimeInterval(elapsed.timeInterval) } }

    var pendingSleepCount: Int { lock.withLock { sleepers.count } }
    var requestedDurations: [Duration] { lock.withLock { requested } }

    func sleep(for duration: Duration) async throws {
        let id = lock.withLock { () -> Int in
            nextID += 1
            requested.append(duration)
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Result<Void, any Error>? = lock.withLock {
                    if cancelledBeforeRegistration.remove(id) != nil { return .failure(CancellationError()) }
                    if duration <= .zero { return .success(()) }
                    sleepers[id] = Sleeper(deadline: elapsed + duration, continuation: continuation)
                    return nil
                }
                if let resumeNow { continuation.resume(with: resumeNow) }
            }
        } onCancel: {
            let sleeper = lock.withLock { () -> Sleeper? in
                if let sleeper = sleepers.removeValue(forKey: id) { return sleeper }
                cancelledBeforeRegistration.insert(id)
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes every sleeper whose deadline has passed, earliest first.
    func advance(by duration: Duration) {
        let due = lock.withLock { () -> [Sleeper] in
            elapsed += duration
            let ready = sleepers.filter { $0.value.deadline <= elapsed }
            for id in ready.keys { sleepers.removeValue(forKey: id) }
            return ready.values.sorted { $0.deadline < $1.deadline }
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
