import Foundation

/// A frequency in hertz; always positive and finite.
public struct Frequency: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let hertz: Double

    /// Fails for zero, negative, NaN or infinite values.
    public init?(hertz: Double) {
        guard hertz.isFinite, hertz > 0 else { return nil }
        self.hertz = hertz
    }

    /// For literals and values known to be valid; traps otherwise (a programming error).
    public init(_ hertz: Double) {
        precondition(hertz.isFinite && hertz > 0, "Frequency must be positive and finite, got \(hertz)")
        self.hertz = hertz
    }

    /// This frequency moved by `cents`.
    public func shifted(by cents: Cents) -> Frequency {
        Frequency(hertz * pow(2, cents.value / Cents.perOctave))
    }

    public static func < (lhs: Frequency, rhs: Frequency) -> Bool { lhs.hertz < rhs.hertz }

    public var description: String { String(format: "%.3f Hz", hertz) }

    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(Double.self)
        guard let frequency = Frequency(hertz: value) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "frequency \(value) Hz is not positive"))
        }
        self = frequency
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hertz)
    }
}
