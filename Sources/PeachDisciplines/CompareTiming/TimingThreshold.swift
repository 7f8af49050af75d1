import PeachCore

/// The 75 % timing threshold (the offset heard right three times in four) with its 95 % interval, in
/// milliseconds and as a share of the inter-onset interval (a sixteenth note at the tempos trained).
///
/// Early/late of an offset of unknown direction is a two-alternative judgement with guessing at 0.5, the model
/// the pitch threshold estimator fits (`ThresholdLikelihood`: P = 0.5 + (0.5 − λ)(1 − exp(−ln2·(d/T)^β))).
/// That estimator is unit-free: its grid spans 0.05–200 of whatever unit it is fed, here milliseconds.
public struct TimingThreshold: Hashable, Sendable {
    public var median: Milliseconds
    public var lower: Milliseconds
    public var upper: Milliseconds
    public var trials: Int
    public var isConclusive: Bool
    /// The mean sixteenth note of the trials, in ms (the inter-onset interval the offsets were heard in).
    public var interOnsetInterval: Double

    init(_ estimate: ThresholdEstimate, interOnsetInterval: Double) {
        median = Milliseconds(estimate.median.value)
        lower = Milliseconds(estimate.lower.value)
        upper = Milliseconds(estimate.upper.value)
        trials = estimate.trials
        isConclusive = estimate.isConclusive
        self.interOnsetInterval = interOnsetInterval
    }

    /// The threshold as a percentage of the inter-onset interval.
    public var percentOfInterval: Double { 100 * median.value / interOnsetInterval }

    var thresholdEstimate: ThresholdEstimate {
        ThresholdEstimate(median: Cents(median.value), lower: Cents(lower.value), upper: Cents(upper.value), trials: trials,
                          isConclusive: isConclusive)
    }
}
