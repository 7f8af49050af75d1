import CALSA
import Glibc
import PeachCore
import PeachMIDI

/// A second sequencer client for the tests, written directly on libasound (independent of
/// PeachALSA's code paths): a capture port that stamps every arriving event with the kernel's
/// delivery time (like `aseqdump`, but timed), or a sender, or a fake synth that can vanish.
/// Used from one test task only; closes on deinit.
final class TestClient {
    struct Received: CustomStringConvertible {
        let event: MIDIEvent
        let source: SequencerAddress
        /// Kernel delivery time on this client's queue, in nanoseconds.
        let time: UInt64
        var description: String { "\(Double(time) / 1e9) s \(event)" }
    }

    private var seq: OpaquePointer?
    let client: Int
    let port: Int
    private var queue: Int32 = -1

    var address: SequencerAddress { SequencerAddress(client: client, port: port) }
    /// When (queue time, as `Received.time`) the kernel last said a subscription to us ended: for a
    /// killed sender, the moment its client was closed.
    private(set) var unsubscribedAt: UInt64?

    /// `writable`: others can subscribe and send to it (a capture port or a synth);
    /// otherwise it is a readable source (a controller).
    init(name: String, portName: String = "port", writable: Bool, synthesizer: Bool = false) throws {
        var handle: OpaquePointer?
        try Self.check(snd_seq_open(&handle, "default", SND_SEQ_OPEN_DUPLEX, 0), "snd_seq_open")
        seq = handle
        snd_seq_set_client_name(handle, name)
        client = Int(snd_seq_client_id(handle))
        queue = snd_seq_alloc_queue(handle)
        try Self.check(snd_seq_control_queue(handle, queue, Int32(SND_SEQ_EVENT_START.rawValue), 0, nil), "start queue")
        snd_seq_drain_output(handle)

        var info: OpaquePointer?
        snd_seq_port_info_malloc(&info)
        defer { snd_seq_port_info_free(info) }
        snd_seq_port_info_set_name(info, portName)
        snd_seq_port_info_set_capability(info, writable
            ? UInt32(SND_SEQ_PORT_CAP_WRITE | SND_SEQ_PORT_CAP_SUBS_WRITE)
            : UInt32(SND_SEQ_PORT_CAP_READ | SND_SEQ_PORT_CAP_SUBS_READ))
        var type = UInt32(SND_SEQ_PORT_TYPE_MIDI_GENERIC | SND_SEQ_PORT_TYPE_APPLICATION)
        if synthesizer { type |= UInt32(SND_SEQ_PORT_TYPE_SYNTHESIZER) }
        snd_seq_port_info_set_type(info, type)
        // Every event delivered to us is stamped with our queue's real time at delivery.
        snd_seq_port_info_set_timestamping(info, 1)
        snd_seq_port_info_set_timestamp_real(info, 1)
        snd_seq_port_info_set_timestamp_queue(info, queue)
        try Self.check(snd_seq_create_port(handle, info), "snd_seq_create_port")
        port = Int(snd_seq_port_info_get_port(info))
    }

    deinit { close() }

    /// Leaves the sequencer now (the kernel announces PORT_EXIT / CLIENT_EXIT).
    func close() {
        if let seq { snd_seq_close(seq) }
        seq = nil
    }

    /// Everything that arrives until `idle` passes with nothing new (or `limit` passes in total).
    func receive(idle: Duration = .milliseconds(300), limit: Duration = .seconds(10)) -> [Received] {
        var received: [Received] = []
        let start = ContinuousClock.now
        while ContinuousClock.now - start < limit {
            if snd_seq_event_input_pending(seq, 1) == 0 {
                var descriptors = [pollfd](repeating: pollfd(), count: Int(snd_seq_poll_descriptors_count(seq, Int16(POLLIN))))
                let count = snd_seq_poll_descriptors(seq, &descriptors, UInt32(descriptors.count), Int16(POLLIN))
                let milliseconds = Int32(idle.components.seconds * 1000 + idle.components.attoseconds / 1_000_000_000_000_000)
                if poll(&descriptors, nfds_t(count), milliseconds) == 0 { break }
            }
            var pointer: UnsafeMutablePointer<snd_seq_event_t>?
            guard snd_seq_event_input(seq, &pointer) >= 0, let event = pointer?.pointee else { continue }
            if UInt32(event.type) == SND_SEQ_EVENT_PORT_UNSUBSCRIBED.rawValue {
                unsubscribedAt = UInt64(event.time.time.tv_sec) * 1_000_000_000 + UInt64(event.time.time.tv_nsec)
            }
            guard let message = Self.decode(event) else { continue }
            received.append(Received(event: message,
                                     source: SequencerAddress(client: Int(event.source.client), port: Int(event.source.port)),
                                     time: UInt64(event.time.time.tv_sec) * 1_000_000_000 + UInt64(event.time.time.tv_nsec)))
        }
        return received
    }

    /// Sends directly to our subscribers (as a controller does).
    func send(_ message: MIDIEvent) throws {
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
        peach_ev_to_subscribers_direct(&event, Int32(port))
        try Self.check(snd_seq_event_output_direct(seq, &event), "snd_seq_event_output_direct")
    }

    /// Subscribes our (readable) port to `destination`.
    func connect(to destination: SequencerAddress) throws {
        try Self.check(snd_seq_connect_to(seq, Int32(port), Int32(destination.client), Int32(destination.port)), "connect")
    }

    /// Subscribes our (writable) port to `source`, as a second listener next to its other subscribers.
    func subscribe(from source: SequencerAddress) throws {
        try Self.check(snd_seq_connect_from(seq, Int32(port), Int32(source.client), Int32(source.port)), "connect from")
    }

    /// Our queue's real time now, in nanoseconds: the clock `Received.time` is stamped with.
    func queueTime() -> UInt64 { queueTime(of: queue) }

    /// Any queue's real time now (the kernel lets every client read a queue's status), e.g. Peach's:
    /// read right before a send, it says when the event left on that queue's clock.
    func queueTime(of queue: Int32) -> UInt64 {
        var status: OpaquePointer?
        snd_seq_queue_status_malloc(&status)
        defer { snd_seq_queue_status_free(status) }
        guard snd_seq_get_queue_status(seq, queue, status) >= 0, let time = snd_seq_queue_status_get_real_time(status)
        else { return 0 }
        return UInt64(time.pointee.tv_sec) * 1_000_000_000 + UInt64(time.pointee.tv_nsec)
    }

    /// Independent decoding of the events the tests look at (the one under test is PeachALSA's).
    private static func decode(_ event: snd_seq_event_t) -> MIDIEvent? {
        let note = event.data.note
        let control = event.data.control
        let type = UInt32(event.type)
        guard let channel = MIDIChannel(Int(type == SND_SEQ_EVENT_NOTEON.rawValue || type == SND_SEQ_EVENT_NOTEOFF.rawValue
                                            ? note.channel : control.channel)) else { return nil }
        switch type {
        case SND_SEQ_EVENT_NOTEON.rawValue:
            return .noteOn(channel: channel, note: MIDINote(clamping: Int(note.note)), velocity: note.velocity)
        case SND_SEQ_EVENT_NOTEOFF.rawValue:
            return .noteOff(channel: channel, note: MIDINote(clamping: Int(note.note)), velocity: note.velocity)
        case SND_SEQ_EVENT_CONTROLLER.rawValue:
            return .controlChange(channel: channel, controller: UInt8(control.param), value: UInt8(control.value))
        case SND_SEQ_EVENT_PITCHBEND.rawValue:
            return .pitchBend(channel: channel, bend: PitchBend(clamping: Int(control.value)))
        case SND_SEQ_EVENT_PGMCHANGE.rawValue:
            return .programChange(channel: channel, program: UInt8(control.value))
        default:
            return nil
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private static func check(_ result: Int32, _ what: String) throws {
        if result < 0 { throw Failure(description: "\(what): \(String(cString: snd_strerror(result)))") }
    }
}
