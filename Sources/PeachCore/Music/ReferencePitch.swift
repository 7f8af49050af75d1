/// The frequency of A4 that every note's pitch is computed from. 380...500 Hz, default 440 Hz.
public struct ReferencePitch: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public static let allowedHertz: ClosedRange<Double> = 380...500
    public static let standard = ReferencePitch(uncheckedFrequency: Frequency(440))

    /// The frequency of A4 (MIDI note 69).
    public let frequency: Frequency

    /// Fails outside 380...500 Hz.
    public init?(hertz: Double) {
        guard Self.allowedHertz.contains(hertz), let frequency = Frequency(hertz: hertz) else { return nil }
        self.frequency = frequency
    }

    private init(uncheckedFrequency: Frequency) { self.frequency = uncheckedFrequency }

    public var hertz: Double { frequency.hertz }
    public static func < (lhs: ReferencePitch, rhs: ReferencePitch) -> Bool { lhs.frequency < rhs.frequency }
    public var description: String { "A4 = \(frequency)" }

    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(Double.self)
        guard let pitch = ReferencePitch(hertz: value) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "reference pitch \(value) Hz is outside 380...500"))
        }
        self = pitch
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hertz)
    }
}
