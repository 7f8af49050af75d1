import PeachCore

/// What the comparison session plays next in ordinary training.
public enum PlannedTrial: Hashable, Sendable {
    /// An ordinary Kazez trial: ask the strategy with `MeasurementTrialPlanner.lastKazezTrial` as its `last`.
    case kazez
    /// A measurement trial at this |difference| (the session picks the note and direction as usual).
    case measurement(Cents)
}

/// In ordinary Kazez training, one trial in `period` is a measurement trial placed where its answer tells
/// the threshold estimator most (expected information gain, as in the threshold test). The Kazez staircase
/// settles near 57-64 % correct, where answers say little about the 75 % point.
///
/// The measurement trials are invisible to the Kazez chain: the planner remembers the last *Kazez* trial,
/// and the session hands that (not the last trial) to the strategy, so the Kazez sequence is exactly the one
/// it would have been without measurement trials.
public struct MeasurementTrialPlanner: Sendable {
    /// The settings' default rate (1 in 2).
    public static let defaultPeriod = ComparisonSettings.defaultMeasurementTrialPeriod

    public let period: Int
    public let differenceBounds: ClosedRange<Cents>
    public let placementTarget: InformationGainPlacement.Target
    public private(set) var plannedCount = 0
    /// The last answered Kazez trial: what the strategy continues from.
    public private(set) var lastKazezTrial: CompletedComparison?
    private var pendingIsMeasurement = false

    /// - Parameter period: every `period`-th trial is a measurement trial (2 or more).
    public init(period: Int = defaultPeriod,
                differenceBounds: ClosedRange<Cents> = MeasurementDifferences.bounds,
                placementTarget: InformationGainPlacement.Target = .threshold) {
        precondition(period >= 2, "at least every other trial must stay a Kazez trial")
        self.placementTarget = placementTarget
        self.period = period
        self.differenceBounds = differenceBounds
    }

    /// Whether the next planned trial will be a measurement trial.
    public var nextIsMeasurement: Bool { (plannedCount + 1) % period == 0 }

    /// Plans the next trial; `posterior` (the estimator's view of the coming note) is only asked for
    /// measurement trials.
    public mutating func planNext(posterior: () -> ThresholdPosterior) -> PlannedTrial {
        let measure = nextIsMeasurement
        plannedCount += 1
        pendingIsMeasurement = measure
        guard measure else { return .kazez }
        return .measurement(InformationGainPlacement.bestDifference(for: posterior(), within: differenceBounds,
                                                                    target: placementTarget))
    }

    /// The answer to the planned trial; only a Kazez trial moves the chain on.
    public mutating func record(_ completed: CompletedComparison) {
        if !pendingIsMeasurement { lastKazezTrial = completed }
    }
}
