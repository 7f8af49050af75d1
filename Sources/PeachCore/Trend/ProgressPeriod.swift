import Foundation

/// The length of the periods progress is estimated in: UTC days while a history is short, weeks once it is long.
public enum ProgressPeriod: String, Hashable, Sendable, CaseIterable {
    case day
    case week

    public var days: Int {
        switch self {
        case .day: 1
        case .week: 7
        }
    }

    /// The UTC day `date` falls on, counted from 1970-01-01.
    public static func dayIndex(of date: Date) -> Int {
        Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    /// The period holding `day` (a `dayIndex`).
    public func index(ofDay day: Int) -> Int {
        Int((Double(day) / Double(days)).rounded(.down))
    }

    /// When period `index` starts.
    public func start(of index: Int) -> Date {
        Date(timeIntervalSince1970: Double(index * days) * 86_400)
    }

    /// Days while a history spans two weeks or less, weeks beyond: a chart of 15 to 100 points, not hundreds.
    public static func natural(firstDay: Int, lastDay: Int) -> ProgressPeriod {
        lastDay - firstDay > 14 ? .week : .day
    }
}
