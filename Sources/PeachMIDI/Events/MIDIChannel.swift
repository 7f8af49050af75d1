/// A MIDI channel, stored 0...15 as on the wire; shown to people as 1...16.
public struct MIDIChannel: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8

    public init?(_ rawValue: Int) {
        guard (0...15).contains(rawValue) else { return nil }
        self.rawValue = UInt8(rawValue)
    }

    /// From the 1...16 numbering musicians and config files use.
    public init?(displayNumber: Int) { self.init(displayNumber - 1) }

    public var displayNumber: Int { Int(rawValue) + 1 }
    public var description: String { "channel \(displayNumber)" }
    public static func < (lhs: MIDIChannel, rhs: MIDIChannel) -> Bool { lhs.rawValue < rhs.rawValue }
}
