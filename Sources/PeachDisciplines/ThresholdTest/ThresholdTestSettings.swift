import PeachConfig
import PeachCore

/// The threshold test's settings: the precision it stops at, and its trial cap.
public enum ThresholdTestSettings {
    public static let precision = ConfigKey(
        section: "threshold_test", name: "precision",
        kind: .decimal(ThresholdTestStopRule.allowedPrecision,
                       unit: "(upper / lower of the 95 % interval; smaller = more precise and longer, e.g. 2.5)"),
        defaultValue: .decimal(ThresholdTestStopRule.defaultPrecision))
    public static let maximumTrials = ConfigKey(
        section: "threshold_test", name: "max_trials",
        kind: .integer(ThresholdTestStopRule.allowedMaximumTrials, unit: "trials"),
        defaultValue: .integer(ThresholdTestStopRule.defaultMaximumTrials))

    public static let settings = [DisciplineSetting(keys: [precision, maximumTrials]) { configuration, settings in
        settings.thresholdTestStopRule = ThresholdTestStopRule(precision: configuration.decimal(precision),
                                                               maximumTrials: configuration.integer(maximumTrials))
    }]
}

enum ThresholdTestStopRuleSetting: DisciplineSettingKey {
    static let defaultValue = ThresholdTestStopRule.standard
}

extension TrainingSettings {
    /// When a threshold test stops: the chosen precision of its interval, or the trial cap.
    public var thresholdTestStopRule: ThresholdTestStopRule {
        get { disciplines[ThresholdTestStopRuleSetting.self] }
        set { disciplines[ThresholdTestStopRuleSetting.self] = newValue }
    }
}
