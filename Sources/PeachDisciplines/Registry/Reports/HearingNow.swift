import PeachCore

/// Where the user's hearing stands now, as every report headlines it: the latest training day's threshold of the
/// time-following model (`DisciplineProgress.now`), in the form the screens format thresholds in.
public enum HearingNow {
    /// The threshold now in cents, with its interval and the latest training day's answers; nil before any.
    public static func threshold(_ progress: DisciplineProgress?) -> ThresholdEstimate? {
        guard let now = progress?.now else { return nil }
        return ThresholdEstimate(median: Cents(now.value), lower: Cents(now.lower), upper: Cents(now.upper),
                                 trials: now.trials, isConclusive: now.isConclusive)
    }
}
