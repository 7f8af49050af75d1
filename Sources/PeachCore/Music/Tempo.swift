/// A tempo in beats (quarter notes) per minute; the timing disciplines play sixteenth notes of it.
public struct TempoBPM: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int

    /// The tempos Peach trains, as iOS Peach: 40...200 BPM.
    public static let trainable = 40...200

    public init?(rawValue: Int) {
        guard Self.trainable.contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    public init?(_ value: Int) { self.init(rawValue: value) }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// One sixteenth note: a quarter of a beat.
    public var sixteenth: Duration { .nanoseconds(Int64((15.0 / Double(rawValue) * 1e9).rounded())) }
    public var sixteenthMilliseconds: Double { 15_000 / Double(rawValue) }

    public var description: String { "\(rawValue) BPM" }
}

/// A band of tempos the timing statistics are kept per (as iOS Peach shows them).
public struct TempoRange: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let bpm: ClosedRange<Int>

    init(_ bpm: ClosedRange<Int>) { self.bpm = bpm }

    public static let all: [TempoRange] = [TempoRange(40...59), TempoRange(60...79), TempoRange(80...99),
                                          TempoRange(100...119), TempoRange(120...159), TempoRange(160...200)]

    /// The band `tempo` falls in (every trainable tempo has one).
    public static func containing(_ tempo: TempoBPM) -> TempoRange {
        all.first { $0.bpm.contains(tempo.rawValue) } ?? all[all.count - 1]
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.bpm.lowerBound < rhs.bpm.lowerBound }

    /// "80–99 BPM".
    public var description: String { "\(bpm.lowerBound)–\(bpm.upperBound) BPM" }
}
