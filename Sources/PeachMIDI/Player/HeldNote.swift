import PeachCore

/// The PlaybackHandle of a note started by `MidiNotePlayer.play(frequency:velocity:amplitudeDB:)`.
struct HeldNote: KnobRoutable {
    let player: MidiNotePlayer
    let id: Int

    func adjustFrequency(_ frequency: Frequency) async throws {
        try await player.adjustHeldNote(id, to: frequency)
    }

    func routeKnob(_ knob: KnobRoute?) async {
        await player.routeKnob(knob, to: id)
    }

    func takeKnob() async -> Cents? {
        await player.takeKnob(from: id)
    }

    func stop() async throws {
        try await player.stopHeldNote(id)
    }
}
