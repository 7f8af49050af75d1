/// MIDI note-on velocity, 1...127 (0 would mean note-off).
public struct MIDIVelocity: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public static let validRange = 1...127
    public let rawValue: Int

    public init?(_ rawValue: Int) {
        guard Self.validRange.contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    public init(clamping rawValue: Int) {
        self.rawValue = min(max(rawValue, Self.validRange.lowerBound), Self.validRange.upperBound)
    }

    public static let defaultTraining = MIDIVelocity(clamping: 90)
    public static func < (lhs: MIDIVelocity, rhs: MIDIVelocity) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "velocity \(rawValue)" }

    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(Int.self)
        guard let v = MIDIVelocity(raw) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "velocity \(raw) is outside 1...127"))
        }
        self = v
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// A gain relative to the note's nominal loudness, in decibels (0 = unchanged, negative = quieter).
/// Comparisons vary loudness (docs/training-design.md, Adaptive comparison strategy) between the two notes of a comparison; the MIDI player maps it to velocity.
public struct AmplitudeDB: Hashable, Comparable, Sendable, Codable {
    public var decibels: Double
    public init(_ decibels: Double) { self.decibels = decibels }
    public static let unchanged = AmplitudeDB(0)
    public static func < (lhs: AmplitudeDB, rhs: AmplitudeDB) -> Bool { lhs.decibels < rhs.decibels }
}
