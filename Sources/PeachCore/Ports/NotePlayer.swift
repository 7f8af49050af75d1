/// Plays notes on a synthesizer. Implemented by the MIDI layer (`MidiNotePlayer`); mocked in tests.
/// Frequencies are absolute: the player converts them to notes and pitch bend for its synth.
public protocol NotePlayer: Sendable {
    /// Plays one note for `duration` and returns when it has ended.
    func play(frequency: Frequency, duration: Duration, velocity: MIDIVelocity, amplitudeDB: AmplitudeDB) async throws

    /// Starts a note that sounds until its handle is stopped.
    func play(frequency: Frequency, velocity: MIDIVelocity, amplitudeDB: AmplitudeDB) async throws -> any PlaybackHandle

    /// Silences everything this player started (note-offs, All Notes Off). Safe to call at any time.
    func stopAll() async throws

    /// Returns `duration` from now on the clock the notes are timed by (the sequencer's queue), so a note started
    /// next begins exactly that long after one started before: a held reference, then the note to tune against
    /// it. Never a sleep in the caller: a sound is timed by the player's clock.
    func rest(for duration: Duration) async throws

    /// The frequency the synth will really sound when asked for `frequency` (after bend resolution,
    /// bend-scale correction and the synth's own pitch resolution). Trainers record it next to the intended pitch.
    func presentedFrequency(for frequency: Frequency) -> Frequency

    /// Whether the synth sounds `frequency` on a key whose own tuning a calibration did not measure (it lies
    /// beyond the bend's reach of every measured key), so the presented pitch rests on that key assumed in
    /// tune. False where nothing per key is claimed (no calibration).
    func soundsOnUnmeasuredKey(_ frequency: Frequency) -> Bool
}

extension NotePlayer {
    public func presentedFrequency(for frequency: Frequency) -> Frequency { frequency }
    public func soundsOnUnmeasuredKey(_ frequency: Frequency) -> Bool { false }
}

/// A sounding note whose pitch can still be changed (pitch matching).
public protocol PlaybackHandle: Sendable {
    func adjustFrequency(_ frequency: Frequency) async throws
    /// Ends the note. Idempotent.
    func stop() async throws
    /// What the synth really sounds for this note tuned to `frequency`, on the key it is held on: a
    /// held note keeps its key while the bend reaches, so that key may not be the one nearest
    /// `frequency`, and on a synth with a pitch grid or a coarse bend the two sound different pitches.
    /// Nil: as `NotePlayer.presentedFrequency(for:)` says.
    func presentedFrequency(for frequency: Frequency) -> Frequency?
    /// Whether this note tuned to `frequency` sounds on a key calibration did not measure, on the key it is
    /// held on. Nil: as `NotePlayer.soundsOnUnmeasuredKey(_:)` says.
    func soundsOnUnmeasuredKey(_ frequency: Frequency) -> Bool?
}

extension PlaybackHandle {
    public func presentedFrequency(for frequency: Frequency) -> Frequency? { nil }
    public func soundsOnUnmeasuredKey(_ frequency: Frequency) -> Bool? { nil }
}
