import PeachCore

/// Kazez training with measurement trials: every `TrainingSettings.measurementTrialPeriod`-th comparison is
/// placed where the threshold estimator learns most (`MeasurementTrialPlanner`), or is now and then a lapse probe far
/// above the threshold; the rest are the wrapped strategy's. The wrapped strategy only ever sees Kazez
/// trials (the planner hands it the last Kazez answer), and measurement trials and probes draw their note and
/// direction from their own random source, so the Kazez chain is the one it would have been without them. The
/// listener cannot tell them apart: same notes, same kind of difference, same feedback.
public struct MeasuringComparisonStrategy: ComparisonStrategy {
    private var kazez: AdaptiveNoteStrategy
    /// Chooses the measurement trials' notes the way Kazez trials are chosen, from a separate stream.
    private var measurementNotes: AdaptiveNoteStrategy
    private var measurementRandom: AnyRandomNumberGenerator
    private let posteriors: any ThresholdPosteriorSource
    /// Nil while measurement trials are off (period below 2); made anew at every (re)start.
    private var planner: MeasurementTrialPlanner?

    public init(posteriors: any ThresholdPosteriorSource, kazez: AdaptiveNoteStrategy = AdaptiveNoteStrategy(),
                measurementRandom: any RandomNumberGenerator = SystemRandomNumberGenerator()) {
        self.kazez = kazez
        self.posteriors = posteriors
        self.measurementRandom = AnyRandomNumberGenerator(measurementRandom)
        measurementNotes = AdaptiveNoteStrategy(random: measurementRandom)
    }

    public mutating func nextComparison(profile: PerceptualProfile, settings: TrainingSettings,
                                        last: CompletedComparison?) -> Comparison {
        if last == nil {
            // A (re)start: the Kazez chain starts over, and so does the count (the period is read here).
            let period = settings.measurementTrialPeriod
            planner = period >= 2 ? MeasurementTrialPlanner(period: period, continuing: planner) : nil
        }
        guard var planner else { return kazez.nextComparison(profile: profile, settings: settings, last: last) }
        if let last { planner.record(last) }
        let previousNote = (last ?? planner.lastKazezTrial)?.comparison.referenceNote
        var measurementNote = settings.noteRange.lowerBound
        if planner.nextIsMeasurement {
            measurementNote = measurementNotes.selectNote(profile: profile, settings: settings, previousNote: previousNote)
        }
        let plan = planner.planNext { [posteriors, measurementNote] in posteriors.placementPosterior(for: measurementNote, of: .unisonComparison) }
        self.planner = planner
        switch plan {
        case .kazez:
            return kazez.nextComparison(profile: profile, settings: settings, last: planner.lastKazezTrial)
        case .measurement(let difference), .lapseProbe(let difference):
            let clamped = MeasurementTrialPlanner.clamped(difference, to: settings.centDifferenceBounds)
            let higher = Bool.random(using: &measurementRandom)
            return Comparison(referenceNote: measurementNote, centOffset: higher ? clamped : -clamped)
        }
    }
}
