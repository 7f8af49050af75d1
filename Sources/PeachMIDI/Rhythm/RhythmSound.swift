import PeachCore

/// How a rhythm sounds: which channel, which keys and how hard for a plain click, the accented step
/// and the tap confirmation, and how long each note is held.
///
/// `percussion` plays General MIDI drums on channel 10 (index 9), where every key is a drum sound:
/// the click a low wood block (77), the accent a high wood block (76), louder, the tap a side stick
/// (37) so it is never mistaken for a click. `pitched` is for synths without a drum kit: the same
/// roles as pitched notes on a melodic channel (GM program 116 "Woodblock", a short, dry sound),
/// on channel 3 by default so it never shares a bend with the two note channels.
public struct RhythmSound: Hashable, Sendable {
    public enum Voice: Hashable, Sendable {
        /// GM percussion, channel 10.
        case percussion
        /// Pitched notes on `channel`; `program` (0-based) is selected at connect, nil leaves the synth's.
        case pitched(channel: MIDIChannel, program: UInt8?)
    }

    /// One sound: a key and its velocity (the output's ceiling still caps it).
    public struct Stroke: Hashable, Sendable {
        public var note: MIDINote
        public var velocity: UInt8

        public init(note: MIDINote, velocity: UInt8) {
            self.note = note
            self.velocity = min(max(velocity, 1), 127)
        }
    }

    public static let percussionChannel = MIDIChannel(9)!

    public var voice: Voice
    public var click: Stroke
    public var accent: Stroke
    public var tap: Stroke
    /// How long each note is held before its note-off (cut short where the next click comes sooner).
    public var length: Duration

    public init(voice: Voice, click: Stroke, accent: Stroke, tap: Stroke, length: Duration = .milliseconds(50)) {
        self.voice = voice
        self.click = click
        self.accent = accent
        self.tap = tap
        self.length = max(length, .milliseconds(1))
    }

    public static let percussion = RhythmSound(
        voice: .percussion,
        click: Stroke(note: MIDINote(77)!, velocity: 80),    // Low Wood Block
        accent: Stroke(note: MIDINote(76)!, velocity: 110),  // Hi Wood Block
        tap: Stroke(note: MIDINote(37)!, velocity: 70))      // Side Stick

    public static let pitched = RhythmSound(
        voice: .pitched(channel: MIDIChannel(2)!, program: 115),  // GM 116 "Woodblock"
        click: Stroke(note: MIDINote(79)!, velocity: 80),
        accent: Stroke(note: MIDINote(84)!, velocity: 110),
        tap: Stroke(note: MIDINote(72)!, velocity: 70))

    public var channel: MIDIChannel {
        switch voice {
        case .percussion: Self.percussionChannel
        case .pitched(let channel, _): channel
        }
    }

    /// The same sound on a channel none of `taken` uses (a pitched voice must not share the note
    /// channels' bends or be cut by their silence); percussion stays on channel 10.
    public func avoiding(_ taken: [MIDIChannel]) -> RhythmSound {
        guard case .pitched(let channel, let program) = voice, taken.contains(channel) else { return self }
        guard let free = (0..<16).lazy.compactMap({ MIDIChannel($0) })
            .first(where: { !taken.contains($0) && $0 != Self.percussionChannel }) else { return self }
        var moved = self
        moved.voice = .pitched(channel: free, program: program)
        return moved
    }

    /// Sent at connect (and after a reconnection): the pitched voice's program and a centred bend.
    public var setupEvents: [MIDIEvent] {
        switch voice {
        case .percussion: []
        case .pitched(let channel, let program):
            (program.map { [MIDIEvent.programChange(channel: channel, program: $0)] } ?? [])
                + [.pitchBend(channel: channel, bend: .center)]
        }
    }

    /// The note-off of every key the rhythm uses: what a cancel sends after removing the queued ones.
    public var noteOffs: [MIDIEvent] {
        var keys: [MIDINote] = []
        for note in [click.note, accent.note, tap.note] where !keys.contains(note) { keys.append(note) }
        return keys.map { .noteOff(channel: channel, note: $0, velocity: 0) }
    }

    /// Each click's note-on at its time and its note-off `length` later, or at the next click when
    /// that comes sooner (queued before the next note-on: equal times leave in the order queued).
    public func events(for clicks: [RhythmClick]) -> [TimedMIDIEvent] {
        let ordered = clicks.sorted { $0.time < $1.time }
        var events: [TimedMIDIEvent] = []
        events.reserveCapacity(ordered.count * 2)
        for (index, click) in ordered.enumerated() {
            let stroke = click.accent ? accent : self.click
            var end = click.time + length
            if index + 1 < ordered.count { end = min(end, ordered[index + 1].time) }
            events.append(TimedMIDIEvent(.noteOn(channel: channel, note: stroke.note, velocity: stroke.velocity), at: click.time))
            events.append(TimedMIDIEvent(.noteOff(channel: channel, note: stroke.note, velocity: 0), at: end))
        }
        return events
    }
}
