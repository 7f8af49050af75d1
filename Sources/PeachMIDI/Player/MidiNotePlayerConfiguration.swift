/// What a MidiNotePlayer is set up with. Fixed for the player's life: a change of bend range or
/// profile means a new player and a new `configure()`, so `presentedFrequency` never races a change.
public struct MidiNotePlayerConfiguration: Hashable, Sendable {
    /// Channels notes are spread over (see `ChannelAllocator`). At least two, so the reference
    /// and the tunable/second note never share a bend. Default: channels 1 and 2.
    public let channels: [MIDIChannel]
    public let bendRange: BendRange
    public let profile: SynthProfile
    public let instrument: InstrumentSelection
    /// Note velocities never exceed `ceiling.velocity` (the port decorator enforces it again).
    public let ceiling: OutputCeiling

    /// Duplicate channels are dropped; an empty list falls back to the default pair.
    public init(channels: [MIDIChannel] = Self.defaultChannels, bendRange: BendRange = .default,
                profile: SynthProfile = .fluidSynth2, instrument: InstrumentSelection = .piano,
                ceiling: OutputCeiling = .default) {
        var unique: [MIDIChannel] = []
        for channel in channels where !unique.contains(channel) { unique.append(channel) }
        self.channels = unique.isEmpty ? Self.defaultChannels : unique
        self.bendRange = bendRange
        self.profile = profile
        self.instrument = instrument
        self.ceiling = ceiling
    }

    public static let defaultChannels = [MIDIChannel(0)!, MIDIChannel(1)!]

    public var tuning: BendTuning { BendTuning(range: bendRange, profile: profile) }

    /// The connect-time burst: instrument, RPN 0 bend range and centred bend on every channel.
    public var setupEvents: [MIDIEvent] {
        channels.flatMap { SynthSetup.channel($0, instrument: instrument, bendRange: bendRange) }
    }
}
