import CALSA
import Glibc
import PeachMIDI

/// One open `snd_seq_t`: every raw libasound call Peach makes, wrapped once. Not thread-safe (nor is
/// libasound's handle): it is created, used and closed on one thread only (`SequencerThread`).
final class SequencerHandle {
    private var seq: OpaquePointer?
    let clientID: Int

    /// Opens a duplex, non-blocking client named `name`.
    init(name: String) throws(SequencerError) {
        _ = ALSADiagnostics.installed
        var handle: OpaquePointer?
        let opened = snd_seq_open(&handle, "default", SND_SEQ_OPEN_DUPLEX, SND_SEQ_NONBLOCK)
        guard opened >= 0, let handle else {
            let detail = ALSADiagnostics.takeMessage()
            // ENOENT/ENODEV: no device node or no driver behind it; EACCES: permissions. Both mean "no sequencer".
            if [ENOENT, ENODEV, ENXIO, EACCES, EPERM].contains(-opened) {
                throw .noSequencer(code: opened, detail: detail)
            }
            throw .call("snd_seq_open", code: opened, detail: detail)
        }
        seq = handle
        do {
            try ALSADiagnostics.check(snd_seq_set_client_name(handle, name), "snd_seq_set_client_name")
            clientID = Int(try ALSADiagnostics.check(snd_seq_client_id(handle), "snd_seq_client_id"))
        } catch {
            snd_seq_close(handle)
            seq = nil
            throw error
        }
    }

    deinit { close() }

    /// Closing removes our ports, subscriptions and queue in the kernel. Idempotent.
    func close() {
        if let seq { snd_seq_close(seq) }
        seq = nil
    }

    private func open() throws(SequencerError) -> OpaquePointer {
        guard let seq else { throw .closed }
        return seq
    }

    // MARK: Ports, queue, subscriptions

    func createPort(name: String, capabilities: UInt32, type: UInt32) throws(SequencerError) -> Int {
        Int(try ALSADiagnostics.check(snd_seq_create_simple_port(try open(), name, capabilities, type),
                                      "snd_seq_create_simple_port(\(name))"))
    }

    /// A port whose incoming events the kernel stamps with `queue`'s real time at delivery (what a tap
    /// is scored by: the same clock the rhythm's clicks are scheduled on).
    func createTimestampingPort(name: String, capabilities: UInt32, type: UInt32, queue: Int32) throws(SequencerError) -> Int {
        let seq = try open()
        var info: OpaquePointer?
        try ALSADiagnostics.check(snd_seq_port_info_malloc(&info), "snd_seq_port_info_malloc")
        defer { snd_seq_port_info_free(info) }
        snd_seq_port_info_set_name(info, name)
        snd_seq_port_info_set_capability(info, capabilities)
        snd_seq_port_info_set_type(info, type)
        snd_seq_port_info_set_timestamping(info, 1)
        snd_seq_port_info_set_timestamp_real(info, 1)
        snd_seq_port_info_set_timestamp_queue(info, queue)
        try ALSADiagnostics.check(snd_seq_create_port(seq, info), "snd_seq_create_port(\(name))")
        return Int(snd_seq_port_info_get_port(info))
    }

    /// A queue for scheduling events in real time, waking `frequency` times a second (the kernel holds it to
    /// 10...6250 Hz and to whole ticks of its timer), started at once.
    func createStartedQueue(name: String, frequency: Int) throws(SequencerError) -> Int32 {
        let seq = try open()
        let queue = try ALSADiagnostics.check(snd_seq_alloc_named_queue(seq, name), "snd_seq_alloc_named_queue")
        try setTimerFrequency(frequency, of: queue)
        try ALSADiagnostics.check(peach_seq_start_queue(seq, queue), "snd_seq_start_queue")
        try drainOutput()
        return queue
    }

    func drainOutput() throws(SequencerError) {
        let seq = try open()
        while true {
            let result = snd_seq_drain_output(seq)
            if result == 0 { return }
            if result == -EAGAIN { try waitWritable(); continue }
            try ALSADiagnostics.check(result, "snd_seq_drain_output")
            if result > 0 { try waitWritable() }
        }
    }

    func connect(fromOurPort port: Int, to destination: SequencerAddress) throws(SequencerError) -> Int32 {
        snd_seq_connect_to(try open(), Int32(port), Int32(destination.client), Int32(destination.port))
    }

    func disconnect(fromOurPort port: Int, to destination: SequencerAddress) throws(SequencerError) -> Int32 {
        snd_seq_disconnect_to(try open(), Int32(port), Int32(destination.client), Int32(destination.port))
    }

    func connect(from source: SequencerAddress, toOurPort port: Int) throws(SequencerError) -> Int32 {
        snd_seq_connect_from(try open(), Int32(port), Int32(source.client), Int32(source.port))
    }

    /// Drops events we scheduled on `queue` that the kernel has not delivered yet: all of them, or with
    /// `tag` only those carrying that event tag (`peach_ev_set_tag`).
    func removeScheduledOutput(queue: Int32, tag: Int32? = nil) throws(SequencerError) {
        let seq = try open()
        var info: OpaquePointer?
        try ALSADiagnostics.check(snd_seq_remove_events_malloc(&info), "snd_seq_remove_events_malloc")
        defer { snd_seq_remove_events_free(info) }
        var condition = UInt32(SND_SEQ_REMOVE_OUTPUT)
        if let tag {
            condition |= UInt32(SND_SEQ_REMOVE_TAG_MATCH)
            snd_seq_remove_events_set_tag(info, tag)
        }
        snd_seq_remove_events_set_condition(info, condition)
        snd_seq_remove_events_set_queue(info, queue)
        try ALSADiagnostics.check(snd_seq_remove_events(seq, info), "snd_seq_remove_events")
    }

    /// `queue`'s real time now, nanoseconds since it started (the kernel interpolates between its ticks).
    func queueRealTime(_ queue: Int32) throws(SequencerError) -> Int64 {
        let seq = try open()
        var status: OpaquePointer?
        try ALSADiagnostics.check(snd_seq_queue_status_malloc(&status), "snd_seq_queue_status_malloc")
        defer { snd_seq_queue_status_free(status) }
        try ALSADiagnostics.check(snd_seq_get_queue_status(seq, queue, status), "snd_seq_get_queue_status")
        guard let time = snd_seq_queue_status_get_real_time(status)?.pointee else {
            throw .call("snd_seq_queue_status_get_real_time", code: -EINVAL, detail: "no real time in the queue status")
        }
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// `count` readings of `queue`'s real time, each bracketed by CLOCK_MONOTONIC right before and right
    /// after the status call (the status is allocated once, outside the brackets, to keep them narrow).
    func bracketedQueueRealTimes(_ queue: Int32, count: Int) throws(SequencerError) -> [ClockReading] {
        let seq = try open()
        var status: OpaquePointer?
        try ALSADiagnostics.check(snd_seq_queue_status_malloc(&status), "snd_seq_queue_status_malloc")
        defer { snd_seq_queue_status_free(status) }
        var readings: [ClockReading] = []
        readings.reserveCapacity(count)
        for _ in 0..<count {
            let before = Int64(SequencerSession.monotonicNanoseconds())
            let result = snd_seq_get_queue_status(seq, queue, status)
            let after = Int64(SequencerSession.monotonicNanoseconds())
            try ALSADiagnostics.check(result, "snd_seq_get_queue_status")
            guard let time = snd_seq_queue_status_get_real_time(status)?.pointee else {
                throw .call("snd_seq_queue_status_get_real_time", code: -EINVAL, detail: "no real time in the queue status")
            }
            readings.append(ClockReading(before: before, value: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec),
                                         after: after))
        }
        return readings
    }

    /// Asks the kernel to wake `queue` `frequency` times a second (its timer's "resolution", in Hz), keeping the
    /// timer it chose. Only before the queue starts: changing a running queue's timer reopens it.
    func setTimerFrequency(_ frequency: Int, of queue: Int32) throws(SequencerError) {
        let seq = try open()
        var timer: OpaquePointer?
        try ALSADiagnostics.check(snd_seq_queue_timer_malloc(&timer), "snd_seq_queue_timer_malloc")
        defer { snd_seq_queue_timer_free(timer) }
        try ALSADiagnostics.check(snd_seq_get_queue_timer(seq, queue, timer), "snd_seq_get_queue_timer")
        snd_seq_queue_timer_set_resolution(timer, UInt32(frequency))
        try ALSADiagnostics.check(snd_seq_set_queue_timer(seq, queue, timer), "snd_seq_set_queue_timer")
    }

    /// Which timer drives `queue` (snd_seq_get_queue_timer) and, from the timer query device, its name
    /// and resolution (left nil when /dev/snd/timer cannot be queried: the queue still works).
    func queueTimer(_ queue: Int32) throws(SequencerError) -> QueueTimerInfo {
        let seq = try open()
        var timer: OpaquePointer?
        try ALSADiagnostics.check(snd_seq_queue_timer_malloc(&timer), "snd_seq_queue_timer_malloc")
        defer { snd_seq_queue_timer_free(timer) }
        try ALSADiagnostics.check(snd_seq_get_queue_timer(seq, queue, timer), "snd_seq_get_queue_timer")
        guard Int32(snd_seq_queue_timer_get_type(timer).rawValue) == peach_seq_timer_alsa(),
              let id = snd_seq_queue_timer_get_id(timer) else {
            return QueueTimerInfo(timerClass: .none, device: -1,
                                  preferredFrequency: Int(snd_seq_queue_timer_get_resolution(timer)))
        }
        var info = QueueTimerInfo(
            timerClass: .init(rawValue: Int(snd_timer_id_get_class(id))), card: Int(snd_timer_id_get_card(id)),
            device: Int(snd_timer_id_get_device(id)), subdevice: Int(snd_timer_id_get_subdevice(id)),
            preferredFrequency: Int(snd_seq_queue_timer_get_resolution(timer)))
        var query: OpaquePointer?
        var global: OpaquePointer?
        guard snd_timer_query_open(&query, "hw", 0) >= 0 else {
            _ = ALSADiagnostics.takeMessage()
            return info
        }
        defer { snd_timer_query_close(query) }
        guard snd_timer_ginfo_malloc(&global) >= 0 else { return info }
        defer { snd_timer_ginfo_free(global) }
        snd_timer_ginfo_set_tid(global, id)
        guard snd_timer_query_info(query, global) >= 0 else {
            _ = ALSADiagnostics.takeMessage()
            return info
        }
        info.name = snd_timer_ginfo_get_name(global).map { String(cString: $0) }
        info.resolutionNanoseconds = Int(snd_timer_ginfo_get_resolution(global))
        return info
    }

    // MARK: Events

    /// Sends one event straight to the kernel (no library buffering), waiting if its pool is full.
    /// -EAGAIN means one of two things: our output pool is full (poll waits until it has room), or a
    /// destination's input is full (poll says writable at once: the destination is not reading). The
    /// second is retried for `destinationPatience`, then the event is dropped with `.destinationNotReading`:
    /// a synth that stops reading must not hold this thread, and every stop and quit behind it, for ever.
    /// Once a destination has run out of patience, later events get one try each until one goes through.
    func output(_ event: inout snd_seq_event_t) throws(SequencerError) {
        let seq = try open()
        var giveUpAt: UInt64?
        while true {
            let result = snd_seq_event_output_direct(seq, &event)
            if result >= 0 {
                destinationStalled = false
                return
            }
            guard result == -EAGAIN else { try ALSADiagnostics.check(result, "snd_seq_event_output_direct"); return }
            if destinationStalled { throw .destinationNotReading }
            try waitWritable()
            let now = SequencerSession.monotonicNanoseconds()
            if let giveUpAt, now >= giveUpAt {
                destinationStalled = true
                throw .destinationNotReading
            }
            if giveUpAt == nil { giveUpAt = now + Self.destinationPatience }
            // A back-off, not a timing: the destination drains its input in its own time.
            usleep(500)
        }
    }

    /// How long a destination whose input is full gets to read before its events are dropped.
    static let destinationPatience: UInt64 = 500_000_000
    /// A destination ran out of patience and has not taken an event since.
    private var destinationStalled = false

    /// The next received event, or nil when none is pending (the handle is non-blocking).
    /// The pointer is valid until the next call. An input overrun (events lost) is reported and skipped.
    func nextInput() throws(SequencerError) -> UnsafeMutablePointer<snd_seq_event_t>? {
        let seq = try open()
        var event: UnsafeMutablePointer<snd_seq_event_t>?
        let result = snd_seq_event_input(seq, &event)
        if result == -EAGAIN { return nil }
        try ALSADiagnostics.check(result, "snd_seq_event_input")
        return event
    }

    /// Whether events already read from the kernel wait in libasound's buffer (the next
    /// `nextInput` returns one without a system call).
    var hasBufferedInput: Bool {
        guard let seq = try? open() else { return false }
        return snd_seq_event_input_pending(seq, 0) > 0
    }

    /// The descriptors to poll for readability (incoming events).
    func inputPollDescriptors() throws(SequencerError) -> [pollfd] {
        let seq = try open()
        let count = Int(snd_seq_poll_descriptors_count(seq, Int16(POLLIN)))
        var descriptors = [pollfd](repeating: pollfd(), count: count)
        let filled = snd_seq_poll_descriptors(seq, &descriptors, UInt32(count), Int16(POLLIN))
        return Array(descriptors.prefix(Int(filled)))
    }

    /// The descriptor events are written to (the sequencer device itself for the "hw" type): the
    /// crash handler writes its pre-encoded silence there without going through libasound.
    func outputDescriptor() throws(SequencerError) -> Int32 {
        var descriptor = pollfd()
        guard snd_seq_poll_descriptors(try open(), &descriptor, 1, Int16(POLLOUT)) == 1 else {
            throw .call("snd_seq_poll_descriptors(POLLOUT)", code: -EINVAL, detail: "no output descriptor")
        }
        return descriptor.fd
    }

    /// Waits (at most 1 s) until the kernel can take more output.
    private func waitWritable() throws(SequencerError) {
        let seq = try open()
        let count = Int(snd_seq_poll_descriptors_count(seq, Int16(POLLOUT)))
        var descriptors = [pollfd](repeating: pollfd(), count: count)
        let filled = snd_seq_poll_descriptors(seq, &descriptors, UInt32(count), Int16(POLLOUT))
        if poll(&descriptors, nfds_t(filled), 1000) == 0 {
            throw .call("snd_seq_event_output_direct", code: -EAGAIN, detail: "the sequencer accepted no output for 1 s")
        }
    }

    // MARK: Listing

    /// Every port of every client, as `aconnect -l` sees them.
    func listPorts() throws(SequencerError) -> [SequencerPortInfo] {
        let seq = try open()
        var client: OpaquePointer?
        var port: OpaquePointer?
        try ALSADiagnostics.check(snd_seq_client_info_malloc(&client), "snd_seq_client_info_malloc")
        defer { snd_seq_client_info_free(client) }
        try ALSADiagnostics.check(snd_seq_port_info_malloc(&port), "snd_seq_port_info_malloc")
        defer { snd_seq_port_info_free(port) }
        var result: [SequencerPortInfo] = []
        snd_seq_client_info_set_client(client, -1)
        while snd_seq_query_next_client(seq, client) >= 0 {
            let clientNumber = snd_seq_client_info_get_client(client)
            let clientName = String(cString: snd_seq_client_info_get_name(client))
            let kind: SequencerPortInfo.ClientKind =
                snd_seq_client_info_get_type(client) == SND_SEQ_KERNEL_CLIENT ? .kernel : .user
            snd_seq_port_info_set_client(port, clientNumber)
            snd_seq_port_info_set_port(port, -1)
            while snd_seq_query_next_port(seq, port) >= 0 {
                result.append(Self.describe(port, clientName: clientName, kind: kind))
            }
        }
        return result
    }

    /// One port, or nil if it does not exist.
    func portInfo(_ address: SequencerAddress) throws(SequencerError) -> SequencerPortInfo? {
        let seq = try open()
        var client: OpaquePointer?
        var port: OpaquePointer?
        try ALSADiagnostics.check(snd_seq_client_info_malloc(&client), "snd_seq_client_info_malloc")
        defer { snd_seq_client_info_free(client) }
        try ALSADiagnostics.check(snd_seq_port_info_malloc(&port), "snd_seq_port_info_malloc")
        defer { snd_seq_port_info_free(port) }
        guard snd_seq_get_any_client_info(seq, Int32(address.client), client) >= 0,
              snd_seq_get_any_port_info(seq, Int32(address.client), Int32(address.port), port) >= 0 else {
            _ = ALSADiagnostics.takeMessage()
            return nil
        }
        let kind: SequencerPortInfo.ClientKind =
            snd_seq_client_info_get_type(client) == SND_SEQ_KERNEL_CLIENT ? .kernel : .user
        return Self.describe(port, clientName: String(cString: snd_seq_client_info_get_name(client)), kind: kind)
    }

    private static func describe(_ port: OpaquePointer?, clientName: String,
                                 kind: SequencerPortInfo.ClientKind) -> SequencerPortInfo {
        let address = snd_seq_port_info_get_addr(port)!.pointee
        return SequencerPortInfo(
            address: SequencerAddress(client: Int(address.client), port: Int(address.port)),
            clientName: clientName,
            portName: String(cString: snd_seq_port_info_get_name(port)),
            clientKind: kind,
            capabilities: .init(rawValue: snd_seq_port_info_get_capability(port)),
            types: .init(rawValue: snd_seq_port_info_get_type(port)))
    }
}
