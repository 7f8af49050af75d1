/// A format-0 Standard MIDI File (one track) built from timed channel events: what FluidSynth
/// renders offline (`fluidsynth -F out.wav SOUNDFONT file.mid`) for synth calibration.
///
/// Time is in milliseconds: 1000 ticks per quarter note at a tempo of 1,000,000 µs per quarter,
/// so one tick is one millisecond and event times survive the file exactly.
public struct StandardMIDIFile: Sendable {
    public struct TimedEvent: Hashable, Sendable {
        public var milliseconds: Int
        public var event: MIDIEvent

        public init(milliseconds: Int, event: MIDIEvent) {
            self.milliseconds = milliseconds
            self.event = event
        }
    }

    public static let ticksPerQuarter = 1000
    static let microsecondsPerQuarter = 1_000_000

    /// Events in any order; equal times keep their given order.
    public var events: [TimedEvent]
    /// The end-of-track time, so release tails are rendered; at least the last event's time.
    public var endMilliseconds: Int

    public init(events: [TimedEvent], endMilliseconds: Int) {
        self.events = events
        self.endMilliseconds = endMilliseconds
    }

    /// The file's bytes.
    public var bytes: [UInt8] {
        var track: [UInt8] = []
        // Tempo meta event: FF 51 03 tttttt.
        track += [0x00, 0xFF, 0x51, 0x03] + Self.bigEndian(Self.microsecondsPerQuarter, count: 3)
        var now = 0
        let ordered = events.enumerated().sorted { ($0.element.milliseconds, $0.offset) < ($1.element.milliseconds, $1.offset) }
        for (_, timed) in ordered {
            let at = max(timed.milliseconds, now)
            track += Self.variableLength(at - now) + Self.message(timed.event)
            now = at
        }
        track += Self.variableLength(max(endMilliseconds - now, 0)) + [0xFF, 0x2F, 0x00]
        let header: [UInt8] = Array("MThd".utf8) + Self.bigEndian(6, count: 4) + Self.bigEndian(0, count: 2)
            + Self.bigEndian(1, count: 2) + Self.bigEndian(Self.ticksPerQuarter, count: 2)
        return header + Array("MTrk".utf8) + Self.bigEndian(track.count, count: 4) + track
    }

    /// A channel message's status and data bytes (no running status, for readability of the file).
    static func message(_ event: MIDIEvent) -> [UInt8] {
        switch event {
        case .noteOn(let channel, let note, let velocity): [0x90 | channel.rawValue, UInt8(note.rawValue), velocity & 0x7F]
        case .noteOff(let channel, let note, let velocity): [0x80 | channel.rawValue, UInt8(note.rawValue), velocity & 0x7F]
        case .controlChange(let channel, let controller, let value): [0xB0 | channel.rawValue, controller & 0x7F, value & 0x7F]
        case .programChange(let channel, let program): [0xC0 | channel.rawValue, program & 0x7F]
        case .pitchBend(let channel, let bend):
            [0xE0 | channel.rawValue, UInt8(bend.wireValue & 0x7F), UInt8(bend.wireValue >> 7)]
        }
    }

    /// MIDI's variable-length quantity: 7 bits per byte, most significant first, high bit = more follows.
    static func variableLength(_ value: Int) -> [UInt8] {
        var bytes = [UInt8(value & 0x7F)]
        var rest = value >> 7
        while rest > 0 {
            bytes.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
            rest >>= 7
        }
        return bytes
    }

    static func bigEndian(_ value: Int, count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8((value >> (8 * $0)) & 0xFF) }
    }
}
