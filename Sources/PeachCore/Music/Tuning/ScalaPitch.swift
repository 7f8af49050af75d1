import Foundation

/// One degree of a Scala scale: its pitch above the 1/1, and how the file wrote it, so that a screen can show
/// "3/2" or "701.955" as the scale's author did rather than a rounded cents value.
public struct ScalaPitch: Hashable, Sendable, CustomStringConvertible {
    /// How the value was written. Whole numbers ("2") are kept apart from ratios ("2/1") only in `written`.
    public enum Notation: Hashable, Sendable {
        case ratio(numerator: UInt64, denominator: UInt64)
        case cents
    }

    public let cents: Cents
    public let notation: Notation
    /// The value as the file wrote it ("3/2", "2", "701.955"), without the trailing text the format ignores.
    public let written: String

    /// A ratio of two positive whole numbers. Logarithms of each part keep huge ratios (up to 2^64) exact enough.
    public init?(numerator: UInt64, denominator: UInt64, written: String? = nil) {
        guard numerator > 0, denominator > 0 else { return nil }
        cents = Cents(Cents.perOctave * (log2(Double(numerator)) - log2(Double(denominator))))
        notation = .ratio(numerator: numerator, denominator: denominator)
        self.written = written ?? "\(numerator)/\(denominator)"
    }

    /// A cents value as written; fails for NaN or infinity.
    public init?(cents value: Double, written: String? = nil) {
        guard value.isFinite else { return nil }
        cents = Cents(value)
        notation = .cents
        self.written = written ?? String(value)
    }

    public var description: String { written }
}
