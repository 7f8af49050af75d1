import PeachCore
import PeachMIDI
import PeachDisciplines
import PeachTestSupport

/// Plays every note instantly and records what was asked; can be told to fail.
actor InstantNotePlayer: NotePlayer {
    private(set) var played: [Frequency] = []
    private(set) var stopAllCount = 0
    private(set) var handleStops = 0
    private(set) var adjustments: [Frequency] = []
    /// Knob routes asked for, in order (nil: taken back).
    private(set) var routes: [KnobRoute?] = []
    var failure: (any Error)?
    /// While set, a note plays (and is recorded) but does not end until `releaseNotes()`.
    private var holding = false
    private var held: [CheckedContinuation<Void, Never>] = []
    /// Where `takeKnob` says the sequencer thread left the note (nil: the knob never moved it).
    var knobLeftAt: Cents?

    func leaveKnob(at cents: Cents?) { knobLeftAt = cents }

    func fail(with error: any Error) { failure = error }

    func holdNotes() { holding = true }

    func releaseNotes() {
        holding = false
        for note in held { note.resume() }
        held = []
    }

    private func waitWhileHolding() async {
        guard holding else { return }
        await withCheckedContinuation { held.append($0) }
    }

    func play(frequency: Frequency, duration: Duration, velocity: MIDIVelocity, amplitudeDB: AmplitudeDB) async throws {
        if let failure { throw failure }
        played.append(frequency)
        await waitWhileHolding()
    }

    func play(frequency: Frequency, velocity: MIDIVelocity, amplitudeDB: AmplitudeDB) async throws -> any PlaybackHandle {
        if let failure { throw failure }
        played.append(frequency)
        return Handle(player: self)
    }

    func stopAll() async throws { stopAllCount += 1 }
    func rest(for duration: Duration) async throws {}
    func handleStopped() { handleStops += 1 }
    func adjusted(_ frequency: Frequency) { adjustments.append(frequency) }
    func routed(_ knob: KnobRoute?) { routes.append(knob) }

    struct Handle: KnobRoutable {
        let player: InstantNotePlayer
        func adjustFrequency(_ frequency: Frequency) async throws { await player.adjusted(frequency) }
        func routeKnob(_ knob: KnobRoute?) async { await player.routed(knob) }
        func takeKnob() async -> Cents? {
            await player.routed(nil)
            return await player.knobLeftAt
        }
        func stop() async throws { await player.handleStopped() }
    }
}
