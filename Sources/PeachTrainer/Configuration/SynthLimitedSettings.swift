import PeachCore
import PeachDisciplines

/// The settings as the sessions read them, fitted to what the synth can present (`Disciplines.fitted`): on
/// FluidSynth (whole cents) a 0.4-cent comparison would sound as two identical notes, and the trainer would be
/// measuring guesses. Honest about what it measures.
@MainActor
public final class SynthLimitedSettings: TrainingSettingsSource {
    private let base: any TrainingSettingsSource
    private let resolution: Cents

    public init(_ base: any TrainingSettingsSource, resolution: Cents) {
        self.base = base
        self.resolution = resolution.magnitude
    }

    public var currentSettings: TrainingSettings {
        Disciplines.fitted(base.currentSettings, toResolution: resolution)
    }
}
