import Foundation
import Testing
@testable import PeachCore
import PeachDisciplines
import PeachTestSupport

@Suite @MainActor struct PerceptualProfileTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func makeProfile() -> PerceptualProfile { PerceptualProfile() }

    func completed(note: Int, intended: Double, presented: Double, correct: Bool = true) -> CompletedComparison {
        let comparison = Comparison(referenceNote: MIDINote(note)!, centOffset: Cents(intended))
        return CompletedComparison(comparison: comparison, answeredHigher: correct == comparison.isTargetHigher,
                                   timestamp: start, presentedCentOffset: Cents(presented))
    }

    func matching(error: Double) -> CompletedPitchMatching {
        CompletedPitchMatching(challenge: PitchMatchingChallenge(referenceNote: MIDINote(60)!, initialCentOffset: Cents(40)),
                               userCentError: Cents(error), timestamp: start)
    }

    @Test func comparisonsCountByTheAbsolutePresentedOffsetOnTheReferenceNote() throws {
        let profile = makeProfile()
        profile.update(with: (completed(note: 60, intended: 10, presented: 9.5)))
        profile.update(with: (completed(note: 60, intended: -20, presented: -20.5, correct: false)))
        profile.update(with: (completed(note: 62, intended: 4, presented: 4)))
        let c4 = profile.threshold(for: MIDINote(60)!, in: .unisonComparison)
        #expect(c4.count == 2)
        #expect(c4.mean == Cents(15))
        #expect(abs(c4.standardDeviation.value - WelfordAccumulator([9.5, 20.5]).standardDeviation) < 1e-12)
        #expect(profile.threshold(for: MIDINote(62)!, in: .unisonComparison).mean == Cents(4))
        #expect(!profile.threshold(for: MIDINote(61)!, in: .unisonComparison).isTrained)
        #expect(profile.comparisonCount() == 3)
    }

    @Test func pitchMatchingStatistics() throws {
        let profile = makeProfile()
        for error in [10.0, -20, 30] { profile.update(with: (matching(error: error))) }
        let stats = profile.pitchMatching()
        #expect(stats.count == 3)
        #expect(abs(stats.meanError.value - 20.0 / 3) < 1e-12)
        #expect(abs(stats.meanAbsoluteError.value - 20) < 1e-12)
        #expect(abs(stats.standardDeviation.value - WelfordAccumulator([10, -20, 30]).standardDeviation) < 1e-12)
        #expect(profile.comparisonCount() == 0)
    }

    @Test func recordsUpdateTheProfileLikeLiveResults() throws {
        let live = makeProfile()
        let rebuilt = makeProfile()
        let comparison = completed(note: 50, intended: 33, presented: 32.8)
        let attempt = matching(error: -4)
        live.update(with: (comparison))
        live.update(with: (attempt))
        rebuilt.update(with: .comparison(ComparisonRecord(comparison, outputName: nil)))
        rebuilt.update(with: .pitchMatching(PitchMatchingRecord(attempt)))
        #expect(rebuilt.threshold(for: MIDINote(50)!, in: .unisonComparison) == live.threshold(for: MIDINote(50)!, in: .unisonComparison))
        #expect(rebuilt.pitchMatching() == live.pitchMatching())
    }

    @Test func resetForgetsEverything() {
        let profile = makeProfile()
        profile.update(note: MIDINote(60)!, centDifference: Cents(5))
        profile.update(with: matching(error: 3))
        profile.reset()
        #expect(profile.comparisonCount() == 0)
        #expect(profile.pitchMatching().count == 0)
        #expect(profile.thresholds(in: MIDINote(0)!...MIDINote(127)!, discipline: .unisonComparison).allSatisfy { !$0.isTrained })
    }

    @Test func thresholdsCoverTheWholeRangeForTheChart() {
        let profile = makeProfile()
        profile.update(note: MIDINote(61)!, centDifference: Cents(8))
        let chart = profile.thresholds(in: MIDINote(60)!...MIDINote(63)!, discipline: .unisonComparison)
        #expect(chart.map(\.note.rawValue) == [60, 61, 62, 63])
        #expect(chart.map(\.count) == [0, 1, 0, 0])
        #expect(chart[1].mean == Cents(8))
    }

    @Test func rebuildsOneHundredThousandRecordsExactly() {
        var random = SeededRandom(seed: 11)
        let records: [TrainingRecord] = (0..<100_000).map { index in
            let note = MIDINote(Int.random(in: 36...84, using: &random))!
            let offset = Double.random(in: -100...100, using: &random)
            let time = start.addingTimeInterval(Double(index))
            if index % 4 == 0 {
                return .pitchMatching(PitchMatchingRecord(timestamp: time, referenceNote: note, targetNote: note,
                                                          initialCentOffset: Cents(50), userCentError: Cents(offset)))
            }
            return .comparison(ComparisonRecord(timestamp: time, referenceNote: note, targetNote: note,
                                                intendedCentOffset: Cents(offset), presentedCentOffset: Cents(offset),
                                                answeredHigher: true, isCorrect: offset > 0))
        }
        let profile = makeProfile()
        profile.update(note: MIDINote(20)!, centDifference: Cents(70)) // replaced by the rebuild

        let clock = ContinuousClock()
        let elapsed = clock.measure { profile.rebuild(from: records) }
        print("PerceptualProfile rebuild of \(records.count) records: \(elapsed)")

        // Two-pass reference per note.
        var byNote: [Int: [Double]] = [:]
        var errors: [Double] = []
        for record in records {
            if let c = record.comparisonRecord { byNote[c.referenceNote.rawValue, default: []].append(abs(c.presentedCentOffset.value)) }
            if let p = record.pitchMatchingRecord { errors.append(p.userCentError.value) }
        }
        #expect(!profile.threshold(for: MIDINote(20)!, in: .unisonComparison).isTrained)
        #expect(profile.comparisonCount() == 75_000)
        for (raw, values) in byNote {
            let threshold = profile.threshold(for: MIDINote(raw)!, in: .unisonComparison)
            let mean = values.reduce(0, +) / Double(values.count)
            let variance = values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count - 1)
            #expect(threshold.count == values.count)
            #expect(abs(threshold.mean.value - mean) < 1e-9)
            #expect(abs(threshold.standardDeviation.value - variance.squareRoot()) < 1e-9)
        }
        #expect(profile.pitchMatching().count == 25_000)
        #expect(abs(profile.pitchMatching().meanError.value - errors.reduce(0, +) / Double(errors.count)) < 1e-9)
        #expect(abs(profile.pitchMatching().meanAbsoluteError.value
                    - errors.map(abs).reduce(0, +) / Double(errors.count)) < 1e-9)
    }

    @Test func aSessionUpdatesTheProfileLiveWhenItObserves() async {
        let clock = ManualClock()
        let player = MockNotePlayer(clock: clock)
        let profile = makeProfile()
        let session = ComparisonSession(notePlayer: player, profile: profile, settings: MockSettingsSource(),
                                        strategy: MockComparisonStrategy(offsets: [Cents(-25)]), clock: clock,
                                        observers: [TrialRecorder(observers: [profile])])
        session.start()
        await waitUntil("note 1") { clock.pendingSleepCount == 1 }
        clock.advance(by: .seconds(1))
        await waitUntil("note 2") { session.state == .playingNote2 }
        session.answer(higher: false)
        let threshold = profile.threshold(for: TrainingSettings.defaults.noteRange.lowerBound, in: .unisonComparison)
        #expect(threshold.count == 1)
        #expect(abs(threshold.mean.value - 25) < 1e-9)
        session.stop()
    }
}

@MainActor @Suite struct ProfileAccumulatorTests {
    @Test func anAccumulatedHistoryGivesTheSameProfileAsRecordByRecordUpdates() {
        func record(_ i: Int) -> TrainingRecord {
            let time = Date(timeIntervalSince1970: Double(i))
            if i % 4 == 0 {
                let error = Cents(Double(i % 9) - 4)
                return .pitchMatching(PitchMatchingRecord(timestamp: time, referenceNote: MIDINote(60)!, targetNote: MIDINote(60)!,
                                                          initialCentOffset: Cents(20), userCentError: error))
            }
            let note = MIDINote(48 + i % 24)!
            let offset = Cents(Double(i % 30) + 1)
            return .comparison(ComparisonRecord(timestamp: time, referenceNote: note, targetNote: note, intendedCentOffset: offset,
                                                presentedCentOffset: offset, answeredHigher: true, isCorrect: i % 3 != 0))
        }
        let records = (0..<200).map(record)
        let oneByOne = PerceptualProfile()
        records.forEach(oneByOne.update(with:))
        var accumulator = ProfileAccumulator()
        records.forEach { accumulator.add($0) }
        let replaced = PerceptualProfile()
        replaced.replace(with: accumulator)
        let range = MIDINote(36)!...MIDINote(84)!
        #expect(replaced.thresholds(in: range, discipline: .unisonComparison) == oneByOne.thresholds(in: range, discipline: .unisonComparison))
        #expect(replaced.pitchMatching() == oneByOne.pitchMatching())
        #expect(replaced.comparisonCount() == 150)
    }
}
