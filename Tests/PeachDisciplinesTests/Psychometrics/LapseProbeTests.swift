import Foundation
import Testing
@testable import PeachCore
import PeachDisciplines
import PeachTestSupport

/// Lapse probes: where training plays them, and how their answers earn or refute the heavy lapse node of
/// `ThresholdGrid.lapseProbed` (docs/threshold-estimator.md, "Lapse probes in measurement slots").
@Suite struct LapseProbeTests {
    static let bounds = MeasurementDifferences.bounds
    static let probeEvery = MeasurementTrialPlanner.defaultProbeEvery

    static func completed(_ difference: Cents, correct: Bool) -> CompletedComparison {
        CompletedComparison(comparison: Comparison(referenceNote: MIDINote(60)!, centOffset: difference),
                            answeredHigher: correct, timestamp: Date(timeIntervalSince1970: 0))
    }

    /// The kinds of `count` trials planned against `posterior` ("k" Kazez, "m" measurement, "p" probe).
    static func kinds(_ planner: inout MeasurementTrialPlanner, count: Int, posterior: ThresholdPosterior) -> [String] {
        (0..<count).map { _ in
            let kind = switch planner.planNext(posterior: { posterior }) {
            case .kazez: "k"
            case .measurement: "m"
            case .lapseProbe: "p"
            }
            planner.record(completed(Cents(10), correct: true))
            return kind
        }
    }

    /// A posterior on the probed grid after answers of a listener with a steep slope near 8 c who is wrong in one of
    /// eight trials at 100 c, where only a lapse errs: the heavy node gains weight.
    static func lapsingPosterior() -> ThresholdPosterior {
        var posterior = ThresholdPosterior(grid: .lapseProbed)
        // (difference, right, wrong) per round; 20 rounds.
        let round: [(Double, Int, Int)] = [(4, 3, 2), (8, 3, 1), (16, 9, 1), (100, 7, 1)]
        for _ in 0..<20 {
            for (difference, right, wrong) in round {
                for answer in 0..<(right + wrong) { posterior.update(difference: Cents(difference), correct: answer < right) }
            }
        }
        return posterior
    }

    @Test func everyTenthMeasurementSlotIsAProbeWhileTheHeavyNodeIsNotFavoured() {
        let cold = ThresholdPosterior(grid: .lapseProbed)
        #expect(MeasurementTrialPlanner.heavyLapseRatio(of: cold) < MeasurementTrialPlanner.defaultAlertRatio)
        var planner = MeasurementTrialPlanner()
        let kinds = Self.kinds(&planner, count: 200, posterior: cold)
        #expect(kinds.filter { $0 == "k" }.count == 100, "the Kazez trials keep their rate")
        #expect(kinds.filter { $0 == "m" }.count == 90)
        // Trials 20, 40, …: every 10th measurement slot.
        #expect(kinds.indices.filter { kinds[$0] == "p" } == Array(stride(from: 19, to: 200, by: 20)))
        var none = MeasurementTrialPlanner(probeEvery: 0)
        #expect(!Self.kinds(&none, count: 200, posterior: cold).contains("p"))
    }

    @Test func everyFourthMeasurementSlotIsAProbeOnceTheHeavyNodeIsFavoured() {
        let lapsing = Self.lapsingPosterior()
        #expect(MeasurementTrialPlanner.heavyLapseRatio(of: lapsing) >= MeasurementTrialPlanner.defaultAlertRatio)
        var planner = MeasurementTrialPlanner()
        let kinds = Self.kinds(&planner, count: 80, posterior: lapsing)
        #expect(kinds.indices.filter { kinds[$0] == "p" } == Array(stride(from: 7, to: 80, by: 8)))
        #expect(kinds.filter { $0 == "k" }.count == 40)
    }

    @Test func aNewChainKeepsTheCountOfSlotsSinceTheLastProbe() {
        let cold = ThresholdPosterior(grid: .lapseProbed)
        var planner = MeasurementTrialPlanner()
        #expect(!Self.kinds(&planner, count: 18, posterior: cold).contains("p"))
        #expect(planner.slotsSinceProbe == 9)
        var next = MeasurementTrialPlanner(continuing: planner)
        #expect(Self.kinds(&next, count: 2, posterior: cold) == ["k", "p"])
        var fresh = MeasurementTrialPlanner(continuing: nil)
        #expect(!Self.kinds(&fresh, count: 2, posterior: cold).contains("p"))
    }

    @Test func aProbeIsFourTimesTheUpperEndOfTheInterval() {
        var posterior = ThresholdPosterior(grid: .lapseProbed)
        for index in 0..<80 { posterior.update(difference: Cents(index % 2 == 0 ? 6 : 12), correct: index % 4 != 0) }
        let upper = posterior.estimate.upper
        #expect(upper.value < 25, "a bounded threshold")
        let probe = MeasurementTrialPlanner.probeDifference(for: posterior, within: Self.bounds)
        #expect(abs(probe.value - 4 * upper.value) < 1e-9)
        #expect(probe.value > 4 * posterior.estimate.median.value)
        // Before any answer the interval reaches the grid's top: the probe is the largest difference allowed.
        #expect(MeasurementTrialPlanner.probeDifference(for: ThresholdPosterior(grid: .lapseProbed), within: Self.bounds)
                == Self.bounds.upperBound)
    }

    @Test func probesNeverChangeTheKazezSequence() {
        var random = SeededRandom(seed: 5)
        let answers = (0..<60).map { _ in Double.random(in: 0..<1, using: &random) < 0.7 }
        func kazez(probeEvery: Int) -> [Cents] {
            var planner = MeasurementTrialPlanner(period: 2, probeEvery: probeEvery)
            var played: [Cents] = []
            var remaining = answers[...]
            while let answer = remaining.first {
                switch planner.planNext(posterior: { ThresholdPosterior(grid: .lapseProbed) }) {
                case .kazez:
                    let difference = planner.lastKazezTrial.map {
                        KazezRule.next(after: $0.comparison.centOffset, wasCorrect: $0.isCorrect, within: Self.bounds)
                    } ?? KazezRule.initialDifference
                    played.append(difference)
                    remaining = remaining.dropFirst()
                    planner.record(Self.completed(difference, correct: answer))
                case .measurement(let difference), .lapseProbe(let difference):
                    // Answered wrong: the chain would step up if it saw them.
                    planner.record(Self.completed(difference, correct: false))
                }
            }
            return played
        }
        let plain = kazez(probeEvery: 0)
        #expect(plain.count == 60)
        #expect(kazez(probeEvery: 2) == plain)
        #expect(kazez(probeEvery: MeasurementTrialPlanner.defaultProbeEvery) == plain)
    }

    // MARK: The heavy lapse node

    /// `trials` of unison training on one note as the app plays it (Kazez, measurement trials, probes unless
    /// `probeEvery` is 0), pooled on the probed grid: the lapse nodes' weights after it.
    static func lapseWeights(lapseRate: Double, probeEvery: Int, seed: UInt64, trials: Int = 800) -> [Double] {
        var random = SeededRandom(seed: seed)
        let listener = SimulatedListener(threshold: Cents(8), slope: 1, lapseRate: lapseRate)
        var pooled = PooledThresholds(grid: .lapseProbed)
        var planner = MeasurementTrialPlanner(probeEvery: probeEvery)
        let note = MIDINote(60)!
        for _ in 0..<trials {
            let difference: Cents = switch planner.planNext(posterior: { pooled.placementPosterior(for: note) }) {
            case .kazez:
                planner.lastKazezTrial.map {
                    KazezRule.next(after: $0.comparison.centOffset, wasCorrect: $0.isCorrect, within: bounds)
                } ?? KazezRule.initialDifference
            case .measurement(let placed), .lapseProbe(let placed): placed
            }
            let correct = listener.answersCorrectly(difference, using: &random)
            pooled.add(note: note, difference: difference, correct: correct)
            planner.record(completed(difference, correct: correct))
        }
        return pooled.slopePrior!.lapseMarginal(grid: .lapseProbed)
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    static let seeds: [UInt64] = [1, 2, 3, 4, 5, 6, 7]
    /// The heavy node's weight for a listener lapsing 2 %, trained with probes (both tests below read it; computed once).
    static let steadyWithProbes = seeds.map { lapseWeights(lapseRate: 0.02, probeEvery: probeEvery, seed: $0)[1] }

    @Test func theProbedGridHasTheFixedRateAndARareHeavyOne() {
        let grid = ThresholdGrid.lapseProbed
        #expect(grid.lapses == [0.02, 0.08])
        #expect(abs(grid.lapseWeights[1] - 0.01) < 1e-12 && abs(grid.lapseWeights.reduce(0, +) - 1) < 1e-12)
        #expect(grid.pairCount == 2 * ThresholdGrid.standard.pairCount)
    }

    /// The probes refute the node for a listener who does not lapse; without them, the same listener's answers near
    /// the threshold leave it where its prior put it.
    @Test func aListenerWhoDoesNotLapseRefutesTheHeavyNodeWithTheProbes() {
        let probed = Self.steadyWithProbes
        let unprobed = Self.seeds.map { Self.lapseWeights(lapseRate: 0.02, probeEvery: 0, seed: $0)[1] }
        #expect(probed.allSatisfy { $0 < 0.005 }, "under half its prior: \(probed)")
        #expect(Self.median(probed) < Self.median(unprobed) / 3, "\(probed) against \(unprobed) without probes")
    }

    /// A listener lapsing 16 % of the time (8 % wrong however easy the trial) keeps the node far above what the
    /// probes leave a listener who does not lapse.
    @Test func aListenerLapsingSixteenPercentKeepsTheHeavyNode() {
        let lapser = Self.seeds.map { Self.lapseWeights(lapseRate: 0.16, probeEvery: Self.probeEvery, seed: $0)[1] }
        let steady = Self.steadyWithProbes
        #expect(Self.median(lapser) > 20 * Self.median(steady), "\(lapser) against \(steady)")
        #expect(Self.median(lapser) > 0.003, "\(lapser)")
    }
}
