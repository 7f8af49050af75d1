import PeachCore

/// What the timing modes play through until the sequencer's rhythm adapter is wired: nothing, said plainly.
/// Every call fails with a message the session shows, so a timing mode never pretends to train.
struct UnavailableRhythmPlayer: RhythmPlayer {
    struct Unavailable: Error, CustomStringConvertible {
        var description: String {
            "clicks on the sequencer's queue are not wired into this build yet; the timing modes cannot play"
        }
    }

    func queueNow() async throws -> QueueInstant { throw Unavailable() }
    func schedule(_ clicks: [RhythmClick]) async throws { throw Unavailable() }
    func waitUntil(_ instant: QueueInstant) async throws { throw Unavailable() }
    func cancelScheduled() async throws {}
    func playTapSound() async throws { throw Unavailable() }
}
