/// One click of a rhythm: when it sounds on the queue clock, and whether it is the pattern's accented step.
public struct RhythmClick: Hashable, Sendable {
    public var time: QueueInstant
    public var accent: Bool

    public init(time: QueueInstant, accent: Bool = false) {
        self.time = time
        self.accent = accent
    }
}

/// Plays rhythms for the timing disciplines. Every click is scheduled ahead at its absolute time on the
/// sequencer's real-time queue — never by sleeping in user space — so its timing is the kernel's, not
/// Peach's. Implemented by the MIDI layer (clicks on the percussion channel through the output service's
/// ceiling); mocked in tests.
public protocol RhythmPlayer: Sendable {
    /// The queue clock now.
    func queueNow() async throws -> QueueInstant
    /// Queues every click at its time; returns once they are all in the kernel's queue (before they sound).
    func schedule(_ clicks: [RhythmClick]) async throws
    /// Returns once the queue clock has passed `instant` (a marker scheduled at that time came back), or at
    /// once after `cancelScheduled()`. For screens and answers only: no sound is timed by it.
    func waitUntil(_ instant: QueueInstant) async throws
    /// Removes every click not yet played and silences a sounding one: after it returns nothing of the
    /// pattern sounds.
    func cancelScheduled() async throws
    /// The short sound that confirms a tap, sent at once.
    func playTapSound() async throws
}
