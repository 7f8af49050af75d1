import Foundation

/// A pitch distance in cents (1/100 of an equal-tempered semitone). Signed: positive is higher.
public struct Cents: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var value: Double

    public init(_ value: Double) { self.value = value }

    public static let zero = Cents(0)
    public static let perSemitone = 100.0
    public static let perOctave = 1200.0

    public var magnitude: Cents { Cents(abs(value)) }
    public var semitones: Double { value / Self.perSemitone }

    public static func < (lhs: Cents, rhs: Cents) -> Bool { lhs.value < rhs.value }
    public static func + (lhs: Cents, rhs: Cents) -> Cents { Cents(lhs.value + rhs.value) }
    public static func - (lhs: Cents, rhs: Cents) -> Cents { Cents(lhs.value - rhs.value) }
    public static prefix func - (cents: Cents) -> Cents { Cents(-cents.value) }
    public static func * (lhs: Cents, rhs: Double) -> Cents { Cents(lhs.value * rhs) }

    /// The signed distance from `reference` to `frequency`: 1200 · log2(f / ref).
    public static func between(_ reference: Frequency, and frequency: Frequency) -> Cents {
        Cents(Self.perOctave * log2(frequency.hertz / reference.hertz))
    }

    public var description: String {
        let sign = value > 0 ? "+" : ""
        return sign + String(format: "%.1f", value) + " ct"
    }

    public init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(Double.self) }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
