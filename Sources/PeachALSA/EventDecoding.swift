import CALSA
import PeachCore
import PeachMIDI

/// What one received sequencer event means to Peach. One exhaustive switch over the event types
/// Peach understands (as aseqdump does); everything else is `.ignored` with its type for the log.
enum DecodedEvent: Equatable {
    case input(SequencerInput)
    /// Our own marker: the queue has delivered everything scheduled before it.
    case marker(tag: UInt32)
    case ignored(type: Int32)
}

enum EventDecoding {
    /// `queue`: the queue our input port stamps arrivals with; a channel message stamped in real time on
    /// it carries that stamp as its `queueTime` (the kernel's arrival time on the clock clicks are played by).
    static func decode(_ event: snd_seq_event_t, receivedAtNanoseconds now: UInt64, stampedBy queue: Int32? = nil) -> DecodedEvent {
        let type = Int32(event.type)
        let source = SequencerAddress(client: Int(event.source.client), port: Int(event.source.port))
        var copy = event
        let stamp: QueueInstant? = queue != nil && peach_ev_has_real_time(&copy) != 0 && peach_ev_queue(&copy) == queue
            ? QueueInstant(nanoseconds: Int64(clamping: peach_ev_real_time_ns(&copy))) : nil
        func midi(_ message: MIDIEvent?) -> DecodedEvent {
            guard let message else { return .ignored(type: type) }
            return .input(.midi(message, source: source, receivedAtNanoseconds: now, queueTime: stamp))
        }
        func announce(_ event: AnnounceEvent) -> DecodedEvent { .input(.announce(event)) }
        let note = event.data.note
        let control = event.data.control
        let address = SequencerAddress(client: Int(event.data.addr.client), port: Int(event.data.addr.port))
        let sender = SequencerAddress(client: Int(event.data.connect.sender.client), port: Int(event.data.connect.sender.port))
        let destination = SequencerAddress(client: Int(event.data.connect.dest.client), port: Int(event.data.connect.dest.port))

        switch UInt32(type) {
        case SND_SEQ_EVENT_NOTEON.rawValue:
            // Running-status keyboards send note-on with velocity 0 for note-off.
            guard let channel = MIDIChannel(Int(note.channel)), let key = MIDINote(Int(note.note)) else { return .ignored(type: type) }
            return midi(note.velocity == 0
                ? .noteOff(channel: channel, note: key, velocity: 0)
                : .noteOn(channel: channel, note: key, velocity: note.velocity & 0x7F))
        case SND_SEQ_EVENT_NOTEOFF.rawValue:
            guard let channel = MIDIChannel(Int(note.channel)), let key = MIDINote(Int(note.note)) else { return .ignored(type: type) }
            return midi(.noteOff(channel: channel, note: key, velocity: note.velocity & 0x7F))
        case SND_SEQ_EVENT_CONTROLLER.rawValue:
            guard let channel = MIDIChannel(Int(control.channel)), control.param < 128, (0...127).contains(control.value) else {
                return .ignored(type: type)
            }
            return midi(.controlChange(channel: channel, controller: UInt8(control.param), value: UInt8(control.value)))
        case SND_SEQ_EVENT_PITCHBEND.rawValue:
            guard let channel = MIDIChannel(Int(control.channel)), let bend = PitchBend(Int(control.value)) else { return .ignored(type: type) }
            return midi(.pitchBend(channel: channel, bend: bend))
        case SND_SEQ_EVENT_PGMCHANGE.rawValue:
            guard let channel = MIDIChannel(Int(control.channel)), (0...127).contains(control.value) else { return .ignored(type: type) }
            return midi(.programChange(channel: channel, program: UInt8(control.value)))
        case SND_SEQ_EVENT_CLIENT_START.rawValue: return announce(.clientStart(client: address.client))
        case SND_SEQ_EVENT_CLIENT_EXIT.rawValue: return announce(.clientExit(client: address.client))
        case SND_SEQ_EVENT_CLIENT_CHANGE.rawValue: return announce(.clientChange(client: address.client))
        case SND_SEQ_EVENT_PORT_START.rawValue: return announce(.portStart(address))
        case SND_SEQ_EVENT_PORT_EXIT.rawValue: return announce(.portExit(address))
        case SND_SEQ_EVENT_PORT_CHANGE.rawValue: return announce(.portChange(address))
        case SND_SEQ_EVENT_PORT_SUBSCRIBED.rawValue:
            return announce(.portSubscribed(sender: sender, destination: destination))
        case SND_SEQ_EVENT_PORT_UNSUBSCRIBED.rawValue:
            return announce(.portUnsubscribed(sender: sender, destination: destination))
        case SND_SEQ_EVENT_USR0.rawValue:
            return .marker(tag: peach_ev_marker_tag(&copy))
        default:
            return .ignored(type: type)
        }
    }
}
