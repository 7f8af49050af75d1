import PeachMIDI

/// The output commands the trainer gives besides playing notes (implemented by the long-lived
/// `MIDIOutputService`; faked in tests).
public protocol TrainingOutput: Sendable {
    /// Lets notes through again after a pause; throws when no synth is connected.
    func play() async throws
    /// Fades out (nil: at once) and silences every note.
    func stop(fadeOut: Duration?) async
    func pause(_ reason: PauseReason) async
}

extension MIDIOutputService: TrainingOutput {}
