import PeachConfig
import PeachCore

/// Comparison's own settings (unison and interval comparison): how the next note is chosen, the Kazez clamp, and
/// how often a measurement trial is placed. They stand among the core's [training] keys, where they always were.
public enum ComparisonSettings {
    public static let allowedCentDifference: ClosedRange<Double> = 0.1...100
    public static let allowedMeasurementTrialPeriods: ClosedRange<Int> = 0...20
    /// 1 in 2: the benchmark's 80-trial interval goal (ratio ≤ 3.5) is met at 1 in 2, not at 1 in 3 or 4
    /// (docs/threshold-estimator.md, "Measurement trial rate").
    public static let defaultMeasurementTrialPeriod = 2

    public static let naturalVsMechanical = ConfigKey(
        section: "training", name: "natural_vs_mechanical", kind: .decimal(0...1, unit: nil),
        defaultValue: .decimal(NaturalVsMechanicalSetting.defaultValue))
    public static let minimumCentDifference = ConfigKey(
        section: "training", name: "min_cent_difference", kind: .decimal(allowedCentDifference, unit: "cents"),
        defaultValue: .decimal(CentDifferenceSetting.defaultValue.lower.value))
    public static let maximumCentDifference = ConfigKey(
        section: "training", name: "max_cent_difference", kind: .decimal(allowedCentDifference, unit: "cents"),
        defaultValue: .decimal(CentDifferenceSetting.defaultValue.upper.value))
    public static let measurementTrials = ConfigKey(
        section: "training", name: "measurement_trials", kind: .integer(allowedMeasurementTrialPeriods, unit: nil),
        defaultValue: .integer(defaultMeasurementTrialPeriod))

    public static let settings = [
        DisciplineSetting(keys: [naturalVsMechanical], placement: .after(ConfigSchema.referencePitch)) { configuration, settings in
            settings.naturalVsMechanical = configuration.decimal(naturalVsMechanical)
        },
        DisciplineSetting(keys: [minimumCentDifference, maximumCentDifference], placement: .after(ComparisonTrialsSettings.amplitudeVariation),
                          pairs: [ConfigKeyPair(first: minimumCentDifference, second: maximumCentDifference, rule: .notAbove)],
                          reach: { TrialReach(departure: $0.centDifferenceBounds.upperBound) },
                          fitToResolution: raiseSmallestDifference) { configuration, settings in
            settings.minimumCentDifference = Cents(configuration.decimal(minimumCentDifference))
            settings.maximumCentDifference = Cents(configuration.decimal(maximumCentDifference))
        },
        DisciplineSetting(keys: [measurementTrials], placement: .after(ConfigSchema.intervalPresentation)) { configuration, settings in
            settings.measurementTrialPeriod = configuration.integer(measurementTrials)
        },
    ]

    /// The smallest difference raised to what the synth can present: on FluidSynth (whole cents) a 0.4-cent
    /// comparison would sound as two identical notes, and the trainer would be measuring guesses.
    @Sendable static func raiseSmallestDifference(_ settings: inout TrainingSettings, to resolution: Cents) {
        guard settings.minimumCentDifference < resolution else { return }
        settings.minimumCentDifference = resolution
        settings.maximumCentDifference = max(settings.maximumCentDifference, resolution)
    }
}

enum NaturalVsMechanicalSetting: DisciplineSettingKey {
    static let defaultValue = 0.5
}

enum CentDifferenceSetting: DisciplineSettingKey {
    struct Bounds: Hashable, Sendable {
        var lower: Cents
        var upper: Cents
    }

    static let defaultValue = Bounds(lower: Cents(0.1), upper: Cents(100))
}

enum MeasurementTrialPeriodSetting: DisciplineSettingKey {
    static let defaultValue = ComparisonSettings.defaultMeasurementTrialPeriod
}

extension TrainingSettings {
    /// 0 = natural (stay near the previous note), 1 = mechanical (jump to the weakest notes).
    public var naturalVsMechanical: Double {
        get { disciplines[NaturalVsMechanicalSetting.self] }
        set { disciplines[NaturalVsMechanicalSetting.self] = newValue }
    }

    /// Kazez clamp bounds for the comparison difficulty, as configured (`centDifferenceBounds` orders them).
    public var minimumCentDifference: Cents {
        get { disciplines[CentDifferenceSetting.self].lower }
        set { disciplines[CentDifferenceSetting.self].lower = newValue }
    }

    public var maximumCentDifference: Cents {
        get { disciplines[CentDifferenceSetting.self].upper }
        set { disciplines[CentDifferenceSetting.self].upper = newValue }
    }

    /// The Kazez clamp bounds; tolerates a minimum configured above the maximum.
    public var centDifferenceBounds: ClosedRange<Cents> {
        min(minimumCentDifference, maximumCentDifference)...max(minimumCentDifference, maximumCentDifference)
    }

    /// Comparison training: every this-many-th trial is a measurement trial placed where the threshold estimator
    /// learns most; 0 (or 1) = none.
    public var measurementTrialPeriod: Int {
        get { disciplines[MeasurementTrialPeriodSetting.self] }
        set { disciplines[MeasurementTrialPeriodSetting.self] = newValue }
    }
}
