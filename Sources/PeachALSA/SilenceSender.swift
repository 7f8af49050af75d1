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

    public init(clientName: String) throws(SequencerError) {
        handle = try SequencerHandle(name: clientName)
        // Readable by its owner only (no SUBS_READ): never offered as a controller or a synth.
        port = try handle.createPort(name: "silence", capabilities: UInt32(SND_SEQ_PORT_CAP_READ),
                                     type: UInt32(SND_SEQ_PORT_TYPE_APPLICATION))
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
        guard !prepared.isEmpty, let descriptor = try? handle.outputDescriptor() else { return prepared.isEmpty }
        return prepared.withUnsafeBytes { bytes in
            peach_write_events_signal_safe(descriptor, bytes.baseAddress, bytes.count, 1000) == 0
        }
    }

    public func close() { handle.close() }
}
