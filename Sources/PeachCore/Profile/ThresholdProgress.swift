import Foundation

/// The threshold over time: one discipline's answers by UTC day, estimated on demand per day or per
/// week (each period on its own answers, so a period's interval says what that period alone shows), and a
/// change that is claimed only when the intervals support it.
public struct ThresholdProgress: Sendable {
    /// A period's answers need at least this many to be shown (fewer say nothing: the interval is the grid).
    public static let minimumTrials = 20

    public enum Period: String, Sendable, CaseIterable {
        case day
        case week

        var seconds: TimeInterval {
            switch self {
            case .day: 86_400
            case .week: 7 * 86_400
            }
        }
    }

    /// One period's threshold.
    public struct Point: Hashable, Sendable {
        public var start: Date
        public var estimate: ThresholdEstimate
    }

    /// What the intervals say about the first and the latest period.
    public enum Change: Hashable, Sendable {
        case improved(from: Point, to: Point)
        case worsened(from: Point, to: Point)
        case noClearChange(from: Point, to: Point)
        /// Fewer than two periods with enough answers.
        case notEnoughData
    }

    /// One day's answers at one lattice difference: a long history costs a few counts per day, not a trial each.
    private struct Bin: Hashable {
        var day: Int
        var lattice: Int
    }

    private struct Counts {
        var correct = 0
        var wrong = 0
    }

    private var bins: [Bin: Counts] = [:]

    public init() {}

    /// One answer: when it was given, and the difference heard (`ThresholdTrial`).
    public mutating func add(_ trial: ThresholdTrial, at timestamp: Date) {
        let day = Int((timestamp.timeIntervalSince1970 / Period.day.seconds).rounded(.down))
        let bin = Bin(day: day, lattice: ThresholdGrid.standard.latticeIndex(of: trial.difference))
        if trial.correct {
            bins[bin, default: Counts()].correct += 1
        } else {
            bins[bin, default: Counts()].wrong += 1
        }
    }

    /// Every period with at least `minimumTrials` answers, oldest first.
    public func points(per period: Period) -> [Point] {
        let daysPerPeriod = Int(period.seconds / Period.day.seconds)
        var grouped: [Int: ThresholdLikelihood] = [:]
        for (bin, counts) in bins {
            let index = Int((Double(bin.day) / Double(daysPerPeriod)).rounded(.down))
            grouped[index, default: ThresholdLikelihood()].add(differenceIndex: bin.lattice, correct: counts.correct,
                                                                wrong: counts.wrong)
        }
        return grouped.keys.sorted().compactMap { index in
            guard let likelihood = grouped[index], likelihood.trials >= Self.minimumTrials else { return nil }
            return Point(start: Date(timeIntervalSince1970: Double(index) * period.seconds),
                         estimate: likelihood.posterior.estimate)
        }
    }

    /// The period to show: days while the history is short, weeks once it spans more than two.
    public var naturalPeriod: Period {
        let days = bins.keys.map(\.day)
        guard let first = days.min(), let last = days.max() else { return .day }
        return last - first > 14 ? .week : .day
    }

    /// First against latest period: improved (or worse) only when their 95 % intervals do not overlap.
    public static func change(in points: [Point]) -> Change {
        guard let first = points.first, let last = points.last, points.count >= 2 else { return .notEnoughData }
        if last.estimate.upper < first.estimate.lower { return .improved(from: first, to: last) }
        if last.estimate.lower > first.estimate.upper { return .worsened(from: first, to: last) }
        return .noClearChange(from: first, to: last)
    }
}
