import Foundation
import PeachCore
import PeachDisciplines

/// Seeded histories shaped like real practice rather than a steady schedule: sessions of a few to a hundred answers,
/// gaps between them from a minute to 400 days (holidays, layoffs, a return after years), bursts of answers within a
/// second, a history of one answer, dates from 2019 to 2030, a listener who changes (steps, drifts, flawless or
/// hopeless throughout), and rows handed over out of order. Every registered discipline's records come from its own
/// `simulatedRecord`, so a new discipline is in these histories without a line here.
public struct RealLifeHistory {
    public enum Schedule: CaseIterable, Sendable {
        /// One answer, ever.
        case oneAnswer
        /// A few sessions a week for weeks.
        case habit
        /// A habit broken by holidays of weeks and layoffs of months.
        case breaks
        /// Sessions years apart, minutes apart, and answers within one second.
        case extremes
    }

    public var seed: UInt64
    public var schedule: Schedule
    /// The disciplines whose records it holds (each session trains one of them).
    public var disciplines: [any Discipline]
    public private(set) var records: [TrainingRecord] = []
    /// Whether `records` are out of time order (as an import of concatenated exports can be).
    public private(set) var shuffled = false

    private static let earliest = Date(timeIntervalSince1970: 1_546_300_800)  // 2019-01-01
    private static let latest = Date(timeIntervalSince1970: 1_924_905_600)  // 2030-12-31

    public init(seed: UInt64, disciplines: [any Discipline] = Disciplines.all) {
        self.seed = seed
        self.disciplines = disciplines
        var random = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 17)
        schedule = Schedule.allCases[Int(seed % UInt64(Schedule.allCases.count))]
        var time = Date(timeIntervalSince1970: Double.random(
            in: Self.earliest.timeIntervalSince1970...(Self.latest.timeIntervalSince1970 - 86_400 * 500), using: &random))
        var listener = Listener(random: &random)
        let sessions = schedule == .oneAnswer ? 1 : Int.random(in: 2...(schedule == .habit ? 40 : 30), using: &random)
        for session in 0..<sessions {
            if session > 0 { time += gap(using: &random) }
            guard time < Self.latest else { break }
            let discipline = disciplines[Int.random(in: disciplines.indices, using: &random)]
            time = appendSession(of: discipline, at: time, skill: listener.next(using: &random), using: &random)
        }
        if schedule != .oneAnswer && Int.random(in: 0..<3, using: &random) == 0 {
            shuffleSomeRows(using: &random)
        }
    }

    /// The time from one session's last answer to the next one's first.
    private func gap(using random: inout SplitMix64) -> TimeInterval {
        let minute = 60.0, day = 86_400.0
        switch schedule {
        case .oneAnswer: return 0
        case .habit: return Double.random(in: 0.5...3.5, using: &random) * day
        case .breaks:
            switch Int.random(in: 0..<10, using: &random) {
            case 0: return Double.random(in: 19...45, using: &random) * day
            case 1: return Double.random(in: 60...400, using: &random) * day
            default: return Double.random(in: 0.3...3, using: &random) * day
            }
        case .extremes:
            switch Int.random(in: 0..<5, using: &random) {
            case 0: return Double.random(in: 1...5, using: &random) * minute
            case 1: return Double.random(in: 300...1_500, using: &random) * day
            case 2: return Double.random(in: 1...400, using: &random) * day
            default: return Double.random(in: 0.5...2, using: &random) * day
            }
        }
    }

    /// One session's answers from `start`; returns the time of its last. A burst puts its answers a millisecond
    /// apart.
    private mutating func appendSession(of discipline: any Discipline, at start: Date, skill: Double,
                                        using random: inout SplitMix64) -> Date {
        let count = schedule == .oneAnswer ? 1 : [1, 3, 20, 40, 60, 80, 120][Int.random(in: 0..<7, using: &random)]
        let burst = schedule == .extremes && Bool.random(using: &random)
        var time = start
        for _ in 0..<count {
            records.append(TrainingRecord(discipline.simulatedRecord(at: time, skill: skill, using: &random)))
            time += burst ? 0.001 : Double.random(in: 2...12, using: &random)
        }
        return time
    }

    /// Moves a tenth of the rows somewhere else.
    private mutating func shuffleSomeRows(using random: inout SplitMix64) {
        guard records.count > 2 else { return }
        for _ in 0..<max(1, records.count / 10) {
            let from = Int.random(in: records.indices, using: &random), to = Int.random(in: records.indices, using: &random)
            records.swapAt(from, to)
        }
        shuffled = true
    }

    /// How good the listener is from session to session (0 flawless, 1 hopeless): steady, improving, declining,
    /// stepping after a while, or at either extreme throughout.
    struct Listener {
        enum Course { case steady, improving, declining, step, flawless, hopeless }
        var course: Course
        var skill: Double
        var sessions = 0

        init(random: inout SplitMix64) {
            let courses: [Course] = [.steady, .steady, .improving, .declining, .step, .flawless, .hopeless]
            course = courses[Int.random(in: courses.indices, using: &random)]
            skill = Double.random(in: 0.15...0.8, using: &random)
        }

        mutating func next(using random: inout SplitMix64) -> Double {
            sessions += 1
            switch course {
            case .steady: break
            case .improving: skill = max(0.05, skill - 0.02)
            case .declining: skill = min(0.95, skill + 0.02)
            case .step: if sessions == 8 { skill = max(0.05, skill - 0.3) }
            case .flawless: return 0
            case .hopeless: return 1
            }
            return min(max(skill + 0.03 * Double.random(in: -1...1, using: &random), 0.01), 0.99)
        }
    }
}
