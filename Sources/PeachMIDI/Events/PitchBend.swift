/// A pitch-bend wheel position as the ALSA sequencer carries it: signed −8192...8191, 0 = centre.
public struct PitchBend: Hashable, Comparable, Sendable, CustomStringConvertible {
    public static let range = -8192...8191
    public static let center = PitchBend(clamping: 0)

    public let value: Int

    public init?(_ value: Int) {
        guard Self.range.contains(value) else { return nil }
        self.value = value
    }

    public init(clamping value: Int) { self.value = min(max(value, Self.range.lowerBound), Self.range.upperBound) }

    /// The unsigned 14-bit wire value, 0...16383 (centre 8192).
    public var wireValue: Int { value + 8192 }

    public static func < (lhs: PitchBend, rhs: PitchBend) -> Bool { lhs.value < rhs.value }
    public var description: String { "bend \(value)" }
}
