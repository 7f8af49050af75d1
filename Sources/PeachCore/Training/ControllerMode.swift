/// How the user tuned a pitch-matching note: the input that actually moved it, recorded with the attempt.
/// The raw values are the words the training log stores.
public enum ControllerMode: String, CaseIterable, Hashable, Sendable, Codable {
    /// Arrow keys, or `+N` / `-N` in plain mode.
    case keyboard
    /// An absolute 7-bit control (a knob or fader).
    case cc7
    /// An absolute 14-bit control (MSB + LSB pair).
    case cc14
    /// A relative encoder.
    case relative
    /// The keyboard's pitch-bend wheel.
    case pitchbend
}
