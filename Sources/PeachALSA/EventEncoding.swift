import CALSA
import PeachMIDI

/// PeachMIDI's channel messages as sequencer events (type and data only; routing is set by the sender).
enum EventEncoding {
    static func event(for message: MIDIEvent) -> snd_seq_event_t {
        var event = snd_seq_event_t()
        peach_ev_clear(&event)
        switch message {
        case .noteOn(let channel, let note, let velocity):
            peach_ev_set_noteon(&event, Int32(channel.rawValue), Int32(note.rawValue), Int32(velocity))
        case .noteOff(let channel, let note, let velocity):
            peach_ev_set_noteoff(&event, Int32(channel.rawValue), Int32(note.rawValue), Int32(velocity))
        case .controlChange(let channel, let controller, let value):
            peach_ev_set_controller(&event, Int32(channel.rawValue), Int32(controller), Int32(value))
        case .pitchBend(let channel, let bend):
            peach_ev_set_pitchbend(&event, Int32(channel.rawValue), Int32(bend.value))
        case .programChange(let channel, let program):
            peach_ev_set_pgmchange(&event, Int32(channel.rawValue), Int32(program))
        }
        return event
    }
}
