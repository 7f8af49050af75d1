import Foundation
import Testing
@testable import PeachCore
import PeachDisciplines
import PeachTestSupport

@Suite @MainActor struct AdaptiveNoteStrategyTests {
    func makeStrategy(seed: UInt64 = 42) -> AdaptiveNoteStrategy {
        AdaptiveNoteStrategy(random: SeededRandom(seed: seed))
    }

    func settings(range: ClosedRange<Int> = 48...72, naturalVsMechanical: Double = 0.5) -> TrainingSettings {
        var settings = TrainingSettings.defaults
        settings.noteRange = MIDINote(range.lowerBound)!...MIDINote(range.upperBound)!
        settings.naturalVsMechanical = naturalVsMechanical
        return settings
    }

    func answered(_ comparison: Comparison, correctly: Bool) -> CompletedComparison {
        CompletedComparison(comparison: comparison, answeredHigher: correctly == comparison.isTargetHigher,
                            timestamp: Date(timeIntervalSince1970: 0))
    }

    @Test func aNewUserStartsAtOneHundredCentsThenFollowsKazez() {
        var strategy = makeStrategy()
        let profile = PerceptualProfile()
        let s = settings()
        let first = strategy.nextComparison(profile: profile, settings: s, last: nil)
        #expect(first.centOffset.magnitude == Cents(100))
        let second = strategy.nextComparison(profile: profile, settings: s, last: answered(first, correctly: true))
        #expect(abs(second.centOffset.magnitude.value - 50) < 1e-9)
        let third = strategy.nextComparison(profile: profile, settings: s, last: answered(second, correctly: true))
        #expect(abs(third.centOffset.magnitude.value - 32.322) < 0.001)
        let fourth = strategy.nextComparison(profile: profile, settings: s, last: answered(third, correctly: false))
        #expect(fourth.centOffset.magnitude == KazezRule.next(after: third.centOffset, wasCorrect: false,
                                                               within: s.centDifferenceBounds))
    }

    @Test func difficultyIsClampedToTheConfiguredBounds() {
        var strategy = makeStrategy()
        var s = settings()
        s.minimumCentDifference = Cents(5)
        s.maximumCentDifference = Cents(40)
        let profile = PerceptualProfile()
        let first = strategy.nextComparison(profile: profile, settings: s, last: nil)
        #expect(first.centOffset.magnitude == Cents(40))
        let easy = Comparison(referenceNote: MIDINote(60)!, centOffset: Cents(5.5))
        let next = strategy.nextComparison(profile: profile, settings: s, last: answered(easy, correctly: true))
        #expect(next.centOffset.magnitude == Cents(5))
    }

    @Test(arguments: [0.0, 0.3, 1.0])
    func notesStayInTheConfiguredRange(naturalVsMechanical: Double) {
        var strategy = makeStrategy()
        let profile = PerceptualProfile()
        let s = settings(range: 55...67, naturalVsMechanical: naturalVsMechanical)
        var last: CompletedComparison?
        var notes: Set<MIDINote> = []
        for index in 0..<1000 {
            let comparison = strategy.nextComparison(profile: profile, settings: s, last: last)
            #expect(s.noteRange.contains(comparison.referenceNote))
            #expect(comparison.targetNote == comparison.referenceNote)
            #expect(comparison.centOffset != .zero)
            notes.insert(comparison.referenceNote)
            last = answered(comparison, correctly: index % 3 != 0)
        }
        #expect(notes.count == s.noteRange.noteCount)
    }

    @Test func naturalSelectionStaysNearThePreviousNote() {
        var strategy = makeStrategy()
        let s = settings(range: 21...108, naturalVsMechanical: 0)
        var previous = MIDINote(60)!
        for _ in 0..<1000 {
            let note = strategy.selectNote(profile: PerceptualProfile(), settings: s, previousNote: previous)
            #expect(abs(note.rawValue - previous.rawValue) <= AdaptiveNoteStrategy.naturalSpanSemitones)
            previous = note
        }
    }

    @Test func mechanicalSelectionJumpsToTheWeakestNotes() {
        var strategy = makeStrategy()
        let s = settings(range: 40...80, naturalVsMechanical: 1)
        let profile = PerceptualProfile()
        // Thresholds grow with pitch, so the ten weakest are the ten highest notes, 71...80.
        for note in s.noteRange.notes {
            profile.update(note: note, centDifference: Cents(Double(note.rawValue) / 4))
        }
        var chosen: Set<MIDINote> = []
        for _ in 0..<500 {
            chosen.insert(strategy.selectNote(profile: profile, settings: s, previousNote: MIDINote(40)))
        }
        #expect(chosen == Set((71...80).map { MIDINote($0)! }))
    }

    @Test func untrainedNotesCountAsTheWeakest() {
        let profile = PerceptualProfile()
        let range = MIDINote(60)!...MIDINote(80)!
        for note in range.notes where note != MIDINote(62) && note != MIDINote(75) {
            profile.update(note: note, centDifference: Cents(10))
        }
        let weakest = AdaptiveNoteStrategy.weakestNotes(in: range, profile: profile)
        #expect(weakest.prefix(2).sorted() == [MIDINote(62)!, MIDINote(75)!])
        // A new user: every note is a candidate, not just the lowest ten.
        #expect(AdaptiveNoteStrategy.weakestNotes(in: range, profile: PerceptualProfile()).count == range.noteCount)
    }

    @Test func bootstrapWeighsNeighboursByDistance() {
        let profile = PerceptualProfile()
        profile.update(note: MIDINote(60)!, centDifference: Cents(20))
        profile.update(note: MIDINote(61)!, centDifference: Cents(40))
        profile.update(note: MIDINote(70)!, centDifference: Cents(90))
        let s = settings()
        let around60 = AdaptiveNoteStrategy.bootstrapDifficulty(around: MIDINote(60)!, profile: profile, settings: s)
        #expect(abs(around60.value - (20 * 1 + 40 * 0.5) / 1.5) < 1e-9)
        // Note 70 is too far from 60 to count, and 60 is too far from 66 (6 semitones).
        let around66 = AdaptiveNoteStrategy.bootstrapDifficulty(around: MIDINote(66)!, profile: profile, settings: s)
        #expect(abs(around66.value - (40 / 6.0 + 90 / 5.0) / (1 / 6.0 + 1 / 5.0)) < 1e-9)
        let untrainedArea = AdaptiveNoteStrategy.bootstrapDifficulty(around: MIDINote(40)!, profile: profile, settings: s)
        #expect(untrainedArea == Cents(100))
        var tight = s
        tight.maximumCentDifference = Cents(15)
        #expect(AdaptiveNoteStrategy.bootstrapDifficulty(around: MIDINote(60)!, profile: profile, settings: tight) == Cents(15))
    }

    @Test func afterAStopTheFirstComparisonBootstrapsFromTheProfile() {
        var strategy = makeStrategy()
        let profile = PerceptualProfile()
        let s = settings(range: 60...60)
        profile.update(note: MIDINote(60)!, centDifference: Cents(12))
        profile.update(note: MIDINote(60)!, centDifference: Cents(-8))
        let first = strategy.nextComparison(profile: profile, settings: s, last: nil)
        #expect(abs(first.centOffset.magnitude.value - 10) < 1e-9)
    }

    @Test func directionIsAFairCoinAndRepeatableWithASeed() {
        var a = makeStrategy(seed: 9)
        var b = makeStrategy(seed: 9)
        let s = settings()
        let profile = PerceptualProfile()
        let fromA = (0..<2000).map { _ in a.nextComparison(profile: profile, settings: s, last: nil) }
        let fromB = (0..<2000).map { _ in b.nextComparison(profile: profile, settings: s, last: nil) }
        #expect(fromA == fromB)
        let higher = fromA.filter(\.isTargetHigher).count
        #expect((900...1100).contains(higher))
    }
}
