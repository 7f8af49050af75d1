import Foundation
import PeachCore
import PeachDisciplines

extension MeasurementTrialPlanner {
    /// The app's planner. For exploring: PEACH_BENCH_PROBE_EVERY=N (every Nth measurement slot a lapse probe while
    /// the heavy lapse node is not favoured; 0: no probes, the training before them), PEACH_BENCH_PROBE_ALERT_EVERY=N
    /// and PEACH_BENCH_PROBE_ALERT_RATIO=x (every Nth once the node holds x times its prior weight),
    /// PEACH_BENCH_PROBE_FACTOR=x (probes at x times the upper end of the threshold's interval).
    static func simulated(period: Int = defaultPeriod,
                          placementTarget: InformationGainPlacement.Target = .threshold) -> MeasurementTrialPlanner {
        MeasurementTrialPlanner(period: period, probeEvery: knob("PEACH_BENCH_PROBE_EVERY").map(Int.init) ?? defaultProbeEvery,
                                alertProbeEvery: knob("PEACH_BENCH_PROBE_ALERT_EVERY").map(Int.init) ?? defaultAlertProbeEvery,
                                alertRatio: knob("PEACH_BENCH_PROBE_ALERT_RATIO") ?? defaultAlertRatio,
                                probeFactor: knob("PEACH_BENCH_PROBE_FACTOR") ?? defaultProbeFactor,
                                placementTarget: placementTarget)
    }

    private static func knob(_ name: String) -> Double? { ProcessInfo.processInfo.environment[name].flatMap(Double.init) }

    /// The next difference on `note` as unison comparison training places it: a Kazez step from the last Kazez trial
    /// (from 100 c at first), or every `period`-th trial the measurement placement for the note: on the threshold now
    /// (`level`, times the answers `since` it was solved) as the app places it, or on the pool without a level.
    mutating func simulatedDifference(on note: MIDINote, pooled: PooledThresholds, level: PlacementLevel? = nil,
                                      since: ThresholdLikelihood? = nil) -> Cents {
        switch planNext(posterior: { level?.posterior(for: note, since: since) ?? pooled.placementPosterior(for: note) }) {
        case .kazez:
            lastKazezTrial.map {
                KazezRule.next(after: $0.comparison.centOffset, wasCorrect: $0.isCorrect,
                               within: ThresholdTestProcedure.defaultDifferenceBounds)
            } ?? KazezRule.initialDifference
        case .measurement(let measured), .lapseProbe(let measured):
            measured
        }
    }
}
