/// Which channel the next note goes on.
///
/// Rule: round-robin over the configured channels, starting after the one used last, skipping
/// channels where one of Peach's notes still sounds. With the default two channels, successive
/// notes alternate, so the reference and the second/tunable note are on different channels and a
/// note's release tail is never re-bent by the next note's bend. Only when every channel is busy
/// (more simultaneous notes than channels) does a note share a channel, and so a bend.
struct ChannelAllocator: Sendable {
    let channels: [MIDIChannel]
    private var next = 0

    init(channels: [MIDIChannel]) {
        precondition(!channels.isEmpty, "a player needs at least one channel")
        self.channels = channels
    }

    mutating func allocate(busy: Set<MIDIChannel>) -> MIDIChannel {
        let count = channels.count
        let index = (0..<count).map { (next + $0) % count }.first { !busy.contains(channels[$0]) } ?? next % count
        next = (index + 1) % count
        return channels[index]
    }
}
