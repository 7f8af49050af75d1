import Foundation

/// A point in time as whole milliseconds since 1970-01-01T00:00:00Z: the log's time unit and the
/// duplicate check's key. Formatting and parsing are done by hand because `DateFormatter` and
/// `ISO8601DateFormatter` are far too slow to run once per line on 100,000-line histories.
public struct UTCMilliseconds: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let value: Int64

    public init(value: Int64) { self.value = value }

    /// Rounds to the nearest millisecond.
    public init(_ date: Date) { value = Int64((date.timeIntervalSince1970 * 1000).rounded()) }

    public var date: Date { Date(timeIntervalSince1970: Double(value) / 1000) }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }

    private static let msPerDay: Int64 = 86_400_000

    /// Years the four-digit ISO form can hold; the log refuses anything else rather than write an unreadable line.
    public var isFourDigitYear: Bool { (0...9999).contains(civil.year) }

    private var civil: (year: Int64, month: Int64, day: Int64) { Self.civil(fromDays: days) }

    /// Whole days since 1970-01-01, rounded down (so times before 1970 land on the right day).
    private var days: Int64 {
        value >= 0 ? value / Self.msPerDay : -((-value + Self.msPerDay - 1) / Self.msPerDay)
    }

    /// `2026-03-03T14:30:00.123Z`; with `fractionalSeconds: .whenNonZero`, `.000` is left out.
    public func iso8601(fractionalSeconds: FractionalSeconds = .always) -> String {
        let msOfDay = value - days * Self.msPerDay
        let (year, month, day) = civil
        let seconds = msOfDay / 1000, millis = msOfDay % 1000
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
        text += pad(seconds / 3600, 2) + ":" + pad(seconds / 60 % 60, 2) + ":" + pad(seconds % 60, 2)
        if fractionalSeconds == .always || millis != 0 { text += "." + pad(millis, 3) }
        return text + "Z"
    }

    public enum FractionalSeconds: Sendable { case always, whenNonZero }

    public var description: String { iso8601() }

    private func pad(_ number: Int64, _ width: Int) -> String {
        let digits = String(number)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    // Howard Hinnant's civil-calendar algorithms (proleptic Gregorian), exact for every Int64 day we meet.
    static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysInMonth(_ year: Int64, _ month: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
