/// What must be silenced if Peach ended now: the keys it has switched on, and the channels it
/// uses. The crash handler and the guardian send the same events from it.
public struct SilencePlan: Hashable, Sendable {
    public var keys: [SoundingKey]
    public var channels: [MIDIChannel]

    public init(keys: [SoundingKey] = [], channels: [MIDIChannel]) {
        self.keys = keys.sorted()
        self.channels = channels.sorted()
    }

    /// A note-off for every key, then CC123, CC120 and the bend centred on every channel (the
    /// order of a player's stop: the bend is reset after the sound is cut, so it is not heard).
    public var events: [MIDIEvent] { keys.map(\.noteOff) + SynthSetup.silence(channels) }
}
