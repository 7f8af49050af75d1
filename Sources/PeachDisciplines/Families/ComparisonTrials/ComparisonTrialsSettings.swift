import PeachConfig
import PeachCore

/// The comparison trials' shared setting (comparison, interval comparison, the threshold test): a random loudness
/// difference between a trial's two notes, so a listener cannot answer by loudness.
public enum ComparisonTrialsSettings {
    public static let allowedAmplitudeVariationDB: ClosedRange<Double> = 0...10

    public static let amplitudeVariation = ConfigKey(
        section: "training", name: "amplitude_variation", kind: .decimal(allowedAmplitudeVariationDB, unit: "dB"),
        defaultValue: .decimal(AmplitudeVariationSetting.defaultValue))

    /// The estimator's placements (the threshold test's trials, comparison's measurement trials) reach as far as
    /// `MeasurementDifferences` allows.
    public static let settings = [DisciplineSetting(
        keys: [amplitudeVariation], placement: .after(ConfigSchema.velocity),
        reach: { _ in TrialReach(departure: MeasurementDifferences.bounds.upperBound) }
    ) { configuration, settings in
        settings.amplitudeVariationDB = configuration.decimal(amplitudeVariation)
    }]
}

enum AmplitudeVariationSetting: DisciplineSettingKey {
    static let defaultValue = 0.0
}

extension TrainingSettings {
    /// Random loudness difference between the two notes of a comparison, ± this many dB (0 = none).
    public var amplitudeVariationDB: Double {
        get { disciplines[AmplitudeVariationSetting.self] }
        set { disciplines[AmplitudeVariationSetting.self] = newValue }
    }
}
