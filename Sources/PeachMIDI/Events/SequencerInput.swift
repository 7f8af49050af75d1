import PeachCore

/// What the sequencer reports about clients and ports (System:Announce, 0:1).
public enum AnnounceEvent: Hashable, Sendable {
    case clientStart(client: Int)
    case clientExit(client: Int)
    case clientChange(client: Int)
    case portStart(SequencerAddress)
    case portExit(SequencerAddress)
    case portChange(SequencerAddress)
    case portSubscribed(sender: SequencerAddress, destination: SequencerAddress)
    case portUnsubscribed(sender: SequencerAddress, destination: SequencerAddress)
}

/// One event arriving at Peach's input port.
public enum SequencerInput: Hashable, Sendable {
    /// A channel message from a controller, with its source and arrival time (monotonic nanoseconds).
    /// `queueTime` is the kernel's stamp of its arrival on Peach's queue clock (the clock rhythm clicks
    /// are scheduled on), nil where no stamp came with it: what a tap is scored by.
    case midi(MIDIEvent, source: SequencerAddress, receivedAtNanoseconds: UInt64, queueTime: QueueInstant? = nil)
    /// A knob event the tuning route already turned into a bend on the sequencer thread: the held note
    /// now sounds this far from its target. The main actor only takes note (knob light, commit).
    case tuned(centsFromTarget: Cents, receivedAtNanoseconds: UInt64)
    case announce(AnnounceEvent)
}
