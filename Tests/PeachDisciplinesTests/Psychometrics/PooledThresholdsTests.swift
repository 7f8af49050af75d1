import Foundation
import Testing
@testable import PeachCore
import PeachDisciplines
import PeachTestSupport

@Suite struct PooledThresholdsTests {
    static func trials(notes: ClosedRange<Int>, count: Int, threshold: Double, seed: UInt64) -> [ThresholdTrial] {
        var random = SeededRandom(seed: seed)
        let listener = SimulatedListener(threshold: Cents(threshold), slope: 1.2, lapseRate: 0.02)
        return (0..<count).map { _ in
            let note = MIDINote(Int.random(in: notes, using: &random))!
            let difference = Cents(exp(Double.random(in: log(1)...log(60), using: &random)))
            return ThresholdTrial(note: note, difference: difference, correct: listener.answersCorrectly(difference, using: &random))
        }
    }

    @Test func untrainedRegionsAreUnknownNotZero() {
        var pooled = PooledThresholds()
        #expect(pooled.overall == nil)
        #expect(pooled.regions(in: MIDINote(48)!...MIDINote(59)!).allSatisfy { $0.estimate == nil })
        pooled.add(contentsOf: Self.trials(notes: 60...65, count: 200, threshold: 8, seed: 1))
        let regions = pooled.regions(in: MIDINote(48)!...MIDINote(71)!)
        #expect(regions.map(\.notes.lowerBound.rawValue) == [48, 54, 60, 66])
        #expect(regions.map { $0.estimate == nil } == [true, true, false, true])
        #expect(regions[2].trials == 200)
        #expect(pooled.overall?.trials == 200)
    }

    @Test func binnedRebuildEqualsAddingOneByOne() {
        let trials = Self.trials(notes: 48...71, count: 500, threshold: 6, seed: 2)
        var oneByOne = PooledThresholds()
        for trial in trials { oneByOne.add(trial) }
        let rebuilt = PooledThresholds(trials: trials)
        #expect(rebuilt.trialCount == 500)
        let range = MIDINote(48)!...MIDINote(71)!
        for (a, b) in zip(oneByOne.regions(in: range), rebuilt.regions(in: range)) {
            #expect(a.trials == b.trials)
            #expect(abs(a.estimate!.median.value - b.estimate!.median.value) < 1e-6 * a.estimate!.median.value)
        }
        #expect(abs(oneByOne.overall!.upper.value - rebuilt.overall!.upper.value) < 1e-6 * rebuilt.overall!.upper.value)
    }

    /// Counted as a history streams in (high notes first, so the regions grow downwards too), then added:
    /// the same as adding one by one, and counting nothing changes nothing.
    @Test func streamedCountsEqualAddingOneByOne() {
        let trials = Self.trials(notes: 96...127, count: 300, threshold: 10, seed: 3)
            + Self.trials(notes: 0...30, count: 300, threshold: 20, seed: 4)
        var oneByOne = PooledThresholds()
        var counts = ThresholdTrialCounts()
        for trial in trials {
            oneByOne.add(trial)
            counts.add(trial)
        }
        #expect(counts.count == 600)
        var counted = PooledThresholds()
        counted.add(ThresholdTrialCounts())
        #expect(counted.overall == nil)
        counted.add(counts)
        let range = MIDINote(0)!...MIDINote(127)!
        for (a, b) in zip(oneByOne.regions(in: range), counted.regions(in: range)) {
            #expect(a.trials == b.trials && (a.estimate == nil) == (b.estimate == nil))
            if let x = a.estimate, let y = b.estimate { #expect(abs(x.median.value - y.median.value) < 1e-6 * x.median.value) }
        }
        #expect(counted.trialCount == 600)
    }

    @Test func aSparseRegionBorrowsStrengthFromItsNeighbours() {
        // Two well-trained regions around one with only three trials.
        var trials = Self.trials(notes: 48...53, count: 300, threshold: 8, seed: 3)
        trials += Self.trials(notes: 60...65, count: 300, threshold: 8, seed: 4)
        trials += Self.trials(notes: 54...59, count: 3, threshold: 8, seed: 5)
        let pooled = PooledThresholds(trials: trials)
        let sparse = pooled.region(containing: MIDINote(56)!)
        let alone = pooled.placementPosterior(for: MIDINote(56)!).estimate
        #expect(sparse.trials == 3)
        #expect(!alone.isConclusive)
        #expect(sparse.estimate!.isConclusive)
        #expect(sparse.estimate!.contains(Cents(8)))
        #expect(sparse.estimate!.intervalRatio < alone.intervalRatio / 2)
    }

    @Test func regionsFollowDifferentThresholds() {
        var trials = Self.trials(notes: 36...41, count: 400, threshold: 20, seed: 6)
        trials += Self.trials(notes: 72...77, count: 400, threshold: 4, seed: 7)
        let pooled = PooledThresholds(trials: trials)
        let low = pooled.region(containing: MIDINote(38)!).estimate!
        let high = pooled.region(containing: MIDINote(74)!).estimate!
        #expect(low.contains(Cents(20)))
        #expect(high.contains(Cents(4)))
        #expect(low.lower > high.upper)
    }

    @Test func aRecordCountsItsPresentedDifferenceOnItsReferenceNote() {
        let record = ComparisonRecord(timestamp: Date(timeIntervalSince1970: 0), referenceNote: MIDINote(62)!,
                                      targetNote: MIDINote(62)!, intendedCentOffset: Cents(-10),
                                      presentedCentOffset: Cents(-9), answeredHigher: false, isCorrect: true)
        #expect(ThresholdTrial(record) == ThresholdTrial(note: MIDINote(62)!, difference: Cents(9), correct: true))
    }
}
