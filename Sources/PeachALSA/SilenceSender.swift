import CALSA
import Glibc
import PeachMIDI

/// The guardian's own sequencer client: one port nobody can subscribe to, from which it sends a
/// silence straight to named destinations (no subscription to keep up to date). Opened when the
/// guardian starts, so nothing but the sending is left to do when Peach dies. Used on one thread.
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

    /// Sends `events`, in order, to each destination in turn. Returns the destinations it failed
    /// for (a synth that has gone already); the others got every event.
    @discardableResult
    public func send(_ events: [MIDIEvent], to destinations: [SequencerAddress]) -> [SequencerAddress] {
        destinations.filter { destination in
            do {
                for message in events {
                    var event = EventEncoding.event(for: message)
                    peach_ev_to_subscribers_direct(&event, Int32(port))
                    peach_ev_set_dest(&event, Int32(destination.client), Int32(destination.port))
                    try handle.output(&event)
                }
                return false
            } catch {
                return true
            }
        }
    }

    public func close() { handle.close() }
}
