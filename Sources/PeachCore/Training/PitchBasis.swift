/// What the pitch a trial presented rests on: whether anything about the synth it sounded on was measured.
/// Peach records the offset the synth really sounds, computed from the bend and a synth profile; that figure is
/// only as true as the profile. The raw values are the words the training log stores.
public enum PitchBasis: String, CaseIterable, Hashable, Sendable, Codable {
    /// A calibration measured this synth: its bend scale, pitch floor and each reachable key's tuning.
    case measured
    /// No calibration, but a built-in profile made from documented measurements of this kind of synth
    /// (FluidSynth 2's short bends and whole-cent floor); every key assumed in tune.
    case builtIn
    /// Nothing about this synth was measured (the ideal General MIDI profile), or the trial sounded on a key
    /// the calibration did not measure: the presented pitch is only what Peach sent to that key.
    case assumed

    /// The basis of a trial with a note on a key the calibration did not measure: its pitch rests on that
    /// key assumed in tune, so a measured run's trial claims no more than `assumed` (the other bases claim
    /// nothing per key already).
    public var onUnmeasuredKey: PitchBasis {
        switch self {
        case .measured, .assumed: .assumed
        case .builtIn: .builtIn
        }
    }
}
