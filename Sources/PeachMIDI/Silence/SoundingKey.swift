import PeachCore

/// A key Peach has switched on and not yet off, on one channel (what a note-off must name).
public struct SoundingKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var channel: MIDIChannel
    public var note: MIDINote

    public init(channel: MIDIChannel, note: MIDINote) {
        self.channel = channel
        self.note = note
    }

    public var noteOff: MIDIEvent { .noteOff(channel: channel, note: note, velocity: 64) }
    public var description: String { "\(channel.rawValue):\(note.rawValue)" }

    public static func < (lhs: SoundingKey, rhs: SoundingKey) -> Bool {
        (lhs.channel, lhs.note) < (rhs.channel, rhs.note)
    }
}
