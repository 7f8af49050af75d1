import PeachCore
import Synchronization

/// The PlaybackHandle of a note started by `MidiNotePlayer.play(frequency:velocity:amplitudeDB:)`.
struct HeldNote: KnobRoutable {
    let player: MidiNotePlayer
    let id: Int
    let key: HeldKey

    func presentedFrequency(for frequency: Frequency) -> Frequency? {
        player.tuning.placement(of: frequency, on: key.note).map(player.tuning.presentedFrequency(of:))
    }

    func soundsOnUnmeasuredKey(_ frequency: Frequency) -> Bool? {
        player.tuning.placement(of: frequency, on: key.note).map { player.tuning.assumesTuning(of: $0.note) }
    }

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

/// The key a held note sounds on, readable without asking the player actor (a commit scores the
/// pitch synchronously); the player moves it when it retriggers the note on another key.
final class HeldKey: Sendable {
    private let current: Mutex<MIDINote>

    init(_ note: MIDINote) { current = Mutex(note) }

    var note: MIDINote {
        get { current.withLock { $0 } }
    }

    func move(to note: MIDINote) { current.withLock { $0 = note } }
}
