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
    /// Where a click asked for at a time really sounds: the queue's wake-ups (`.exact` where every time is kept).
    func queueWakeUps() async throws -> QueueWakeUps
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
    /// With `true`, from now until `cancelScheduled()` (or a call with `false`), the sound that confirms a MIDI tap
    /// is played where the tap is read, without waiting for the caller. Returns whether it is (the caller then plays
    /// it for other taps only): false when this player cannot.
    func echoMIDITaps(_ echo: Bool) async throws -> Bool
}

/// A rhythm player that plays nothing, on the monotonic clock: for tools and tests that never train timing
/// (a benchmark of the knob path). Its `waitUntil` sleeps, which is fine for something that makes no sound.
public struct SilentRhythmPlayer: RhythmPlayer {
    public init() {}

    private static let origin = ContinuousClock.now

    public func queueNow() async throws -> QueueInstant {
        QueueInstant(nanoseconds: Self.origin.duration(to: .now).nanoseconds)
    }

    public func queueWakeUps() async throws -> QueueWakeUps { .exact }

    public func schedule(_ clicks: [RhythmClick]) async throws {}

    public func waitUntil(_ instant: QueueInstant) async throws {
        let now = try await queueNow()
        if instant > now { try await Task.sleep(for: instant - now) }
    }

    public func cancelScheduled() async throws {}
    public func playTapSound() async throws {}
    public func echoMIDITaps(_ echo: Bool) async throws -> Bool { false }
}
