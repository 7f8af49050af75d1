import Foundation
import PeachCore
import PeachDisciplines
import PeachTestSupport

/// A clock whose sleeps return at once (after a yield) and whose `now` moves only when told.
final class SteppingClock: TrainingClock, @unchecked Sendable {
    // @unchecked: `current` is only touched under `lock`.
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_800_000_000)

    func now() -> Date { lock.withLock { current } }
    func advance(by seconds: TimeInterval) { lock.withLock { current += seconds } }

    func sleep(for duration: Duration) async throws {
        await Task.yield()
        try Task.checkCancellation()
    }
}

/// Settings the test can change between trials.
@MainActor
final class FixedSettings: TrainingSettingsSource {
    var currentSettings = TrainingSettings(noteRange: MIDINote(60)!...MIDINote(72)!)
}

/// Polls `condition` on the main actor, yielding between checks, for at most ~2 s.
@MainActor
func eventually(_ what: String, _ condition: @MainActor () async -> Bool) async -> Bool {
    for _ in 0..<2000 {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    print("gave up waiting for: \(what)")
    return false
}
