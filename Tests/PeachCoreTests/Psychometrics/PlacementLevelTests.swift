import Foundation
import Testing
@testable import PeachCore
import PeachTestSupport

/// Measurement trials are placed on the threshold now, per region (`PlacementLevel`), not on the pool of every answer.
@Suite struct PlacementLevelTests {
    static let day = 86_400.0

    /// `days` training days of `perDay` answers each, the listener's threshold on day d `threshold(d)`, on notes
    /// drawn from `notes`; answers at differences spread from 2 to 60 c (a staircase's range).
    static func history(days: Int, perDay: Int = 60, notes: ClosedRange<Int> = 60...71, seed: UInt64 = 1,
                        threshold: (_ day: Int, _ note: MIDINote) -> Double) -> (PooledThresholds, ThresholdProgress) {
        var random = SeededRandom(seed: seed)
        var pooled = PooledThresholds(), progress = ThresholdProgress()
        for day in 0..<days {
            for answer in 0..<perDay {
                let note = MIDINote(Int.random(in: notes, using: &random))!
                let difference = Cents(exp(Double.random(in: log(2.0)...log(60.0), using: &random)))
                let listener = SimulatedListener(threshold: Cents(threshold(day, note)), slope: 1, lapseRate: 0.02)
                let correct = listener.answersCorrectly(difference, using: &random)
                pooled.add(note: note, difference: difference, correct: correct)
                progress.add(ThresholdTrial(note: note, difference: difference, correct: correct),
                             at: Date(timeIntervalSince1970: 1_800_000_000 + Double(day) * Self.day + Double(answer)))
            }
        }
        progress.refresh()
        return (pooled, progress)
    }

    @Test func aListenerWhoImprovedIsPlacedWhereTheyAreNowNotWhereTheyWere() throws {
        // Ten days at 30 c, then five at 6 c: the pool of every answer lies between the two.
        let (pooled, progress) = Self.history(days: 15) { day, _ in day < 10 ? 30 : 6 }
        let level = try #require(PlacementLevel(pooled: pooled, now: progress.nowMasses))
        let note = MIDINote(64)!
        let placed = level.posterior(for: note).estimate.median.value
        let pool = pooled.placementPosterior(for: note).estimate.median.value
        #expect(placed > 3 && placed < 9, "placed on now: \(placed) (pool \(pool))")
        #expect(pool > 1.5 * placed, "the pool trails: \(pool) against \(placed)")
        let difference = InformationGainPlacement.bestDifference(for: level.posterior(for: note),
                                                                within: MeasurementDifferences.bounds)
        let trailing = InformationGainPlacement.bestDifference(for: pooled.placementPosterior(for: note),
                                                               within: MeasurementDifferences.bounds)
        #expect(difference < trailing, "a measurement trial for the listener now is a smaller difference")
    }

    @Test func eachRegionIsPlacedWhereItLiesFromTheWhole() throws {
        // One day over two octaves: 4 c on the upper octave, 16 c on the lower one.
        let (pooled, progress) = Self.history(days: 1, perDay: 600, notes: 48...71) { _, note in
            note.rawValue >= 60 ? 4 : 16
        }
        let level = try #require(PlacementLevel(pooled: pooled, now: progress.nowMasses))
        let low = level.posterior(for: MIDINote(50)!).estimate.median.value
        let high = level.posterior(for: MIDINote(68)!).estimate.median.value
        #expect(low / high > 2.5 && low / high < 6, "\(low) against \(high)")
    }

    @Test func answersSinceTheLevelWasSolvedAreMultipliedIn() throws {
        let (pooled, progress) = Self.history(days: 5) { _, _ in 20 }
        let level = try #require(PlacementLevel(pooled: pooled, now: progress.nowMasses))
        var since = ThresholdLikelihood()
        var random = SeededRandom(seed: 9)
        let better = SimulatedListener(threshold: Cents(4), slope: 1, lapseRate: 0.02)
        for _ in 0..<200 {
            let difference = Cents(exp(Double.random(in: log(2.0)...log(40.0), using: &random)))
            since.add(difference: difference, correct: better.answersCorrectly(difference, using: &random))
        }
        let note = MIDINote(64)!
        let before = level.posterior(for: note).estimate.median.value
        let after = level.posterior(for: note, since: since).estimate.median.value
        #expect(after < 0.7 * before, "\(after) against \(before)")
        #expect(level.posterior(for: note, since: since).trials == pooled.trialCount + 200)
    }

    @Test func thereIsNoLevelBeforeTheFirstAnswer() {
        #expect(PlacementLevel(pooled: PooledThresholds(), now: nil) == nil)
        let (pooled, _) = Self.history(days: 1) { _, _ in 10 }
        #expect(PlacementLevel(pooled: pooled, now: nil) == nil)
        #expect(PlacementLevel(pooled: pooled, now: [1, 2, 3]) == nil, "a level on another grid")
    }
}
