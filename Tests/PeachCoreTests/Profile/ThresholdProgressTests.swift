import Foundation
import Testing
@testable import PeachCore
import PeachDisciplines
import PeachTestSupport

/// Progress over time claims a change only when the periods' 95 % intervals do not overlap.
@Suite @MainActor struct ThresholdProgressTests {
    static let day = 86_400.0

    /// `count` answers on `dayIndex` from a simulated listener with threshold `threshold`.
    static func answers(day dayIndex: Int, threshold: Double, count: Int, seed: UInt64) -> [TrainingRecord] {
        var random = SeededGenerator(seed: seed)
        let listener = SimulatedListener(threshold: Cents(threshold))
        return (0..<count).map { index in
            let difference = [1.0, 2, 4, 8, 16, 32][index % 6]
            let correct = listener.answersCorrectly(Cents(difference), using: &random)
            return .comparison(ComparisonRecord(
                timestamp: Date(timeIntervalSince1970: 1_800_000_000 + Double(dayIndex) * day + Double(index)),
                referenceNote: MIDINote(60)!, targetNote: MIDINote(60)!, intendedCentOffset: Cents(difference),
                presentedCentOffset: Cents(difference), answeredHigher: true, isCorrect: correct))
        }
    }

    @Test func aClearImprovementIsClaimedWithBothIntervals() {
        let profile = PerceptualProfile()
        profile.rebuild(from: Self.answers(day: 0, threshold: 16, count: 240, seed: 1)
                        + Self.answers(day: 3, threshold: 2, count: 240, seed: 2))
        let points = profile.progress(of: .unisonComparison).points(per: .day)
        #expect(points.count == 2)
        guard case .improved(let from, let to) = ThresholdProgress.change(in: points) else {
            Issue.record("expected an improvement, got \(ThresholdProgress.change(in: points))")
            return
        }
        #expect(from.estimate.median > to.estimate.median)
        #expect(to.estimate.upper < from.estimate.lower)
    }

    @Test func theSameListenerTwiceIsNoClearChange() {
        let profile = PerceptualProfile()
        profile.rebuild(from: Self.answers(day: 0, threshold: 6, count: 120, seed: 3)
                        + Self.answers(day: 1, threshold: 6, count: 120, seed: 4))
        let change = ThresholdProgress.change(in: profile.progress(of: .unisonComparison).points(per: .day))
        guard case .noClearChange = change else { Issue.record("expected no clear change, got \(change)"); return }
    }

    @Test func daysWithFewAnswersAreNotShownAndOneDayIsNotEnough() {
        let profile = PerceptualProfile()
        profile.rebuild(from: Self.answers(day: 0, threshold: 6, count: 120, seed: 5)
                        + Self.answers(day: 1, threshold: 6, count: ThresholdProgress.minimumTrials - 1, seed: 6))
        let points = profile.progress(of: .unisonComparison).points(per: .day)
        #expect(points.count == 1)
        #expect(ThresholdProgress.change(in: points) == .notEnoughData)
        #expect(profile.progress(of: .unisonComparison).points(per: .week).count == 1, "one week holds both days")
    }
}
