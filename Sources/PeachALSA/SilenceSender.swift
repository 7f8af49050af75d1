import CALSA
import Glibc
import PeachMIDI

/// The guardian's own sequencer client: one port nobody can subscribe to, from which it sends a
/// silence straight to named destinations (no subscription to keep up to date). Opened when the
/// guardian starts and the silence encoded whenever it changes, so one write(2) is all that is left
/// to do when Peach dies. Used on one thread.
public final class SilenceSender {
    private let handle: SequencerHandle
    private let port: Int
    private let descriptor: Int32

    public init(clientName: String) throws(SequencerError) {
        handle = try SequencerHandle(name: clientName)
        // No SUBS_READ/SUBS_WRITE: nobody else can subscribe it, so it is never offered as a
        // controller or a synth. Its owner can still send from it and hear System:Announce on it.
        port = try handle.createPort(name: "silence", capabilities: UInt32(SND_SEQ_PORT_CAP_READ | SND_SEQ_PORT_CAP_WRITE),
                                     type: UInt32(SND_SEQ_PORT_TYPE_APPLICATION))
        try ALSADiagnostics.check(try handle.connect(from: .systemAnnounce, toOurPort: port),
                                  "snd_seq_connect_from(0:1 System:Announce)")
        descriptor = try handle.outputDescriptor()
        // Run the sending path once now (it sends nothing yet): its code is then paged in and its
        // runtime metadata made, so none of that delays the silence when Peach dies.
        sendPrepared()
    }

    public var clientID: Int { handle.clientID }

    /// The silence, encoded in advance for every destination: sending is then one write(2).
    private var prepared: [snd_seq_event_t] = []

    /// Encodes `events`, in order, for each destination in turn, ready for `sendPrepared()`.
    public func prepare(_ events: [MIDIEvent], to destinations: [SequencerAddress]) {
        prepared = destinations.flatMap { destination in
            events.map { message in
                var event = EventEncoding.event(for: message)
                peach_ev_to_subscribers_direct(&event, Int32(port))
                peach_ev_set_dest(&event, Int32(destination.client), Int32(destination.port))
                return event
            }
        }
    }

    /// Writes the prepared events straight to the sequencer (waiting at most 1 s for room). An
    /// event for a destination that has gone fails alone; the others still go out. Returns whether
    /// every event was delivered.
    @discardableResult
    public func sendPrepared() -> Bool {
        prepared.withUnsafeBytes { bytes in
            peach_write_events_signal_safe(descriptor, bytes.baseAddress, bytes.count, 1000) == 0
        }
    }

    /// The descriptors to poll for announcements (clients and ports coming and going).
    public func announcementDescriptors() -> [pollfd] {
        (try? handle.inputPollDescriptors()) ?? []
    }

    /// Reads every pending announcement; true when one says a port of `client` was deleted or the
    /// client exited. A dying process's client goes as its descriptors close, as early as the end
    /// of file on its other links, often earlier. (Unsubscriptions are not a sign: a living client
    /// unsubscribes when it changes synth.)
    public func readAnnouncements(exitOf client: Int) -> Bool {
        var gone = false
        while let event = try? handle.nextInput() {
            guard case .input(.announce(let announcement)) = EventDecoding.decode(event.pointee, receivedAtNanoseconds: 0)
            else { continue }
            switch announcement {
            case .clientExit(let exited): gone = gone || exited == client
            case .portExit(let address): gone = gone || address.client == client
            case .clientStart, .clientChange, .portStart, .portChange, .portSubscribed, .portUnsubscribed: break
            }
        }
        return gone
    }

    public func close() { handle.close() }
}
