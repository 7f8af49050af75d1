import PeachCore

/// What the comparison session plays next in ordinary training.
public enum PlannedTrial: Hashable, Sendable {
    /// An ordinary Kazez trial: ask the strategy with `MeasurementTrialPlanner.lastKazezTrial` as its `last`.
    case kazez
    /// A measurement trial at this |difference| (the session picks the note and direction as usual).
    case measurement(Cents)
    /// A lapse probe at this |difference|, far above the threshold, where a listener who does not lapse is right
    /// (the session picks the note and direction as for a measurement trial).
    case lapseProbe(Cents)
}

/// In ordinary Kazez training, one trial in `period` is a measurement trial placed where its answer tells
/// the threshold estimator most (expected information gain, as in the threshold test). The Kazez staircase
/// settles near 57-64 % correct, where answers say little about the 75 % point.
///
/// Some measurement slots hold a lapse probe instead: `probeFactor` (4) times the upper end of the threshold's 95 %
/// interval, where only a lapse makes an answer wrong. Trials near the threshold cannot tell a lapse rate from a
/// shallow slope; the probes measure it, so the estimator's heavy lapse node (`ThresholdGrid.lapseProbed`) is earned
/// or refuted by them. How often follows the answers: every `probeEvery`-th measurement slot while the heavy node
/// holds less than `alertRatio` times its prior weight (1 trial in 20 at the defaults: a listener who does not lapse
/// gives up few measurement trials), every `alertProbeEvery`-th once it holds more (1 in 8: a lapser is measured).
/// A probe takes a measurement slot, not a Kazez trial's place: the staircase is what follows a listener who moves.
///
/// Measurement trials and probes are invisible to the Kazez chain: the planner remembers the last *Kazez* trial,
/// and the session hands that (not the last trial) to the strategy, so the Kazez sequence is exactly the one
/// it would have been without them.
public struct MeasurementTrialPlanner: Sendable {
    /// The settings' default rate (1 in 2).
    public static let defaultPeriod = ComparisonSettings.defaultMeasurementTrialPeriod
    /// Every 10th measurement slot is a lapse probe while the heavy lapse node is not favoured.
    public static let defaultProbeEvery = 10
    /// Every 4th once it is.
    public static let defaultAlertProbeEvery = 4
    /// The heavy node is favoured when it holds this many times its prior weight.
    public static let defaultAlertRatio = 3.0
    /// A probe plays this many times the upper end of the threshold's 95 % interval.
    public static let defaultProbeFactor = 4.0

    public let period: Int
    /// At least every `probeEvery`-th measurement slot is a lapse probe (0: none).
    public let probeEvery: Int
    /// Every `alertProbeEvery`-th while the heavy lapse node is favoured.
    public let alertProbeEvery: Int
    public let alertRatio: Double
    /// A probe plays this many times the upper end of the threshold's 95 % interval.
    public let probeFactor: Double
    public let differenceBounds: ClosedRange<Cents>
    public let placementTarget: InformationGainPlacement.Target
    public private(set) var plannedCount = 0
    /// Measurement slots since the last probe (or the start).
    public private(set) var slotsSinceProbe = 0
    /// The last answered Kazez trial: what the strategy continues from.
    public private(set) var lastKazezTrial: CompletedComparison?
    private var pendingIsKazez = true

    /// - Parameters:
    ///   - period: every `period`-th trial is a measurement slot (2 or more).
    ///   - probeEvery: every `probeEvery`-th measurement slot is a lapse probe (0: none, else 2 or more), and every
    ///     `alertProbeEvery`-th while the heavy lapse node holds `alertRatio` times its prior or more.
    public init(period: Int = defaultPeriod, probeEvery: Int = defaultProbeEvery,
                alertProbeEvery: Int = defaultAlertProbeEvery, alertRatio: Double = defaultAlertRatio,
                probeFactor: Double = defaultProbeFactor,
                differenceBounds: ClosedRange<Cents> = MeasurementDifferences.bounds,
                placementTarget: InformationGainPlacement.Target = .threshold) {
        precondition(period >= 2, "at least every other trial must stay a Kazez trial")
        precondition(probeEvery == 0 || (probeEvery >= 2 && alertProbeEvery >= 2),
                     "at least every other measurement slot stays a measurement trial")
        self.placementTarget = placementTarget
        self.period = period
        self.probeEvery = probeEvery
        self.alertProbeEvery = min(alertProbeEvery, max(probeEvery, 2))
        self.alertRatio = alertRatio
        self.probeFactor = probeFactor
        self.differenceBounds = differenceBounds
    }

    /// A new Kazez chain that keeps `earlier`'s count of measurement slots since its last probe, so that sessions
    /// shorter than the probe interval still play probes.
    public init(period: Int = defaultPeriod, continuing earlier: MeasurementTrialPlanner?) {
        self.init(period: period)
        slotsSinceProbe = earlier?.slotsSinceProbe ?? 0
    }

    /// Whether the next planned trial will be a measurement slot (a measurement trial or a lapse probe).
    public var nextIsMeasurement: Bool { (plannedCount + 1) % period == 0 }

    /// Plans the next trial; `posterior` (the estimator's view of the coming note) is only asked for
    /// measurement slots.
    public mutating func planNext(posterior: () -> ThresholdPosterior) -> PlannedTrial {
        let measure = nextIsMeasurement
        plannedCount += 1
        pendingIsKazez = !measure
        guard measure else { return .kazez }
        let placement = posterior()
        slotsSinceProbe += 1
        if probeEvery > 0 && slotsSinceProbe >= probeInterval(for: placement) {
            slotsSinceProbe = 0
            return .lapseProbe(Self.probeDifference(for: placement, factor: probeFactor, within: differenceBounds))
        }
        return .measurement(InformationGainPlacement.bestDifference(for: placement, within: differenceBounds,
                                                                    target: placementTarget))
    }

    /// Measurement slots from one probe to the next, as the answers so far favour a heavy lapse rate or not.
    func probeInterval(for posterior: ThresholdPosterior) -> Int {
        Self.heavyLapseRatio(of: posterior) >= alertRatio ? alertProbeEvery : probeEvery
    }

    /// The weight the posterior gives its heaviest lapse node over that node's prior weight (0 on a grid of one node).
    public static func heavyLapseRatio(of posterior: ThresholdPosterior) -> Double {
        let grid = posterior.grid
        guard grid.lapseCount > 1, let heavy = grid.lapses.indices.max(by: { grid.lapses[$0] < grid.lapses[$1] }),
              grid.lapseWeights[heavy] > 0 else { return 0 }
        return posterior.lapseMarginal[heavy] / grid.lapseWeights[heavy]
    }

    /// `factor` times the upper end of the posterior's 95 % interval for the threshold, within `bounds`.
    public static func probeDifference(for posterior: ThresholdPosterior, factor: Double = defaultProbeFactor,
                                       within bounds: ClosedRange<Cents>) -> Cents {
        clamped(Cents(posterior.estimate.upper.value * factor), to: bounds)
    }

    /// `difference` within `bounds`: a slot's difference is planned within the estimator's bounds and played within
    /// the training's (`TrainingSettings.centDifferenceBounds`).
    public static func clamped(_ difference: Cents, to bounds: ClosedRange<Cents>) -> Cents {
        min(max(difference, bounds.lowerBound), bounds.upperBound)
    }

    /// The answer to the planned trial; only a Kazez trial moves the chain on.
    public mutating func record(_ completed: CompletedComparison) {
        if pendingIsKazez { lastKazezTrial = completed }
    }
}
