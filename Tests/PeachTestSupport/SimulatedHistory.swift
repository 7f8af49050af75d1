import Foundation
import PeachCore
import PeachDisciplines

/// Histories of simulated listeners for trend and progress tests: per day a number of comparisons placed by a
/// staircase (as training places them: near the threshold, drifting with the answers), answered by a
/// `SimulatedListener` whose threshold may change from day to day; and pitch matches with a given spread.
public enum SimulatedHistory {
    public static let firstDay = Date(timeIntervalSince1970: 1_800_000_000)

    /// `days` days of `perDay` answers; the listener's threshold on day `d` is `threshold(d)`.
    public static func comparisons(days: Int, perDay: Int, seed: UInt64,
                                   discipline: TrainingDiscipline = .unisonComparison,
                                   threshold: (Int) -> Double) -> [TrainingRecord] {
        var random = SeededRandom(seed: seed)
        var difference = 20.0
        var records: [TrainingRecord] = []
        for day in 0..<days {
            let listener = SimulatedListener(threshold: Cents(threshold(day)), slope: 1.3, lapseRate: 0.02)
            for index in 0..<perDay {
                let correct = listener.answersCorrectly(Cents(difference), using: &random)
                records.append(TrainingRecord(ComparisonRecord(
                    timestamp: firstDay.addingTimeInterval(Double(day) * 86_400 + Double(index) * 5),
                    referenceNote: MIDINote(60)!, targetNote: MIDINote(60)!, intendedCentOffset: Cents(difference),
                    presentedCentOffset: Cents(difference), answeredHigher: correct, isCorrect: correct,
                    interval: discipline.interval, tuningSystem: discipline.tuningSystem)))
                // A staircase that settles near 70 % correct, as adaptive training does.
                difference = min(max(correct ? difference * 0.87 : difference * 1.35, 0.2), 150)
            }
        }
        return records
    }

    /// `days` days of `perDay` pitch matches with normal errors of SD `spread(d)` around a bias of +2 cents.
    public static func pitchMatches(days: Int, perDay: Int, seed: UInt64, spread: (Int) -> Double) -> [TrainingRecord] {
        var random = SeededRandom(seed: seed)
        var records: [TrainingRecord] = []
        for day in 0..<days {
            for index in 0..<perDay {
                let u1 = Double.random(in: Double.ulpOfOne..<1, using: &random), u2 = Double.random(in: 0..<1, using: &random)
                let error = 2 + spread(day) * (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
                records.append(TrainingRecord(PitchMatchingRecord(
                    timestamp: firstDay.addingTimeInterval(Double(day) * 86_400 + Double(index) * 5),
                    referenceNote: MIDINote(60)!, targetNote: MIDINote(60)!, initialCentOffset: Cents(30),
                    userCentError: Cents(error))))
            }
        }
        return records
    }
}
