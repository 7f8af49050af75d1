import PeachCore

/// A tap's time on the queue clock, as both tapping sessions take it: a MIDI tap's kernel stamp at once (so quick
/// taps count in the order they came); a computer-keyboard tap's when the session reads it (the queue clock now:
/// less exact), dropped if the run moved on while the clock was read.
@MainActor
enum TapStamping {
    static func stamp(_ instant: QueueInstant?, player: any RhythmPlayer, loop: TrialLoop,
                      then take: @escaping @MainActor (_ time: QueueInstant, _ fromKeyboard: Bool) -> Void) {
        if let instant { return take(instant, false) }
        let token = loop.token
        Task {
            guard let now = try? await player.queueNow(), loop.isCurrent(token) else { return }
            take(now, true)
        }
    }
}
