/// What the pitch a trial presented rests on: whether anything about the synth it sounded on was measured.
/// Peach records the offset the synth really sounds, computed from the bend and a synth profile; that figure is
/// only as true as the profile. The raw values are the words the training log stores.
public enum PitchBasis: String, CaseIterable, Hashable, Sendable, Codable {
    /// A calibration measured this synth: its bend scale, pitch floor and each reachable key's tuning.
    case measured
    /// No calibration, but a built-in profile made from documented measurements of this kind of synth
    /// (FluidSynth 2's short bends and whole-cent floor); every key assumed in tune.
    case builtIn
    /// Nothing about this synth was measured (the ideal General MIDI profile): the presented pitch is only
    /// what Peach sent.
    case assumed
}
