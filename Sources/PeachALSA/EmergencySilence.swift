import CALSA
import Glibc
import PeachMIDI
import Synchronization

/// The silence a crash handler sends on the way down: sequencer events encoded in advance (note-off
/// for every note Peach started, CC123, CC120, bend centre on every channel used), addressed to
/// every subscriber of Peach's output port, and written with one write(2) on the sequencer's
/// descriptor. Sending allocates nothing, takes no lock and calls no libasound function.
///
/// Two preallocated buffers: the sequencer thread encodes an update into the one not published,
/// then publishes it with one atomic store (descriptor, buffer, count in one word). `send` loads
/// that word once. It first raises `firing`, which stops every later update, so the buffer it
/// reads is never rewritten under it (docs/stuck-notes.md has the whole argument).
public enum EmergencySilence {
    /// Events per buffer: 3 per channel (48 for all 16) and the note-offs. When a plan has more,
    /// the first note-offs are left out: the channel's CC123 switches those keys off too.
    public static let capacity = 128

    nonisolated(unsafe) private static let buffers: UnsafeMutablePointer<snd_seq_event_t> = {
        let buffers = UnsafeMutablePointer<snd_seq_event_t>.allocate(capacity: 2 * capacity)
        buffers.initialize(repeating: snd_seq_event_t(), count: 2 * capacity)
        return buffers
    }()
    /// (descriptor + 1) << 32 | buffer << 16 | count; 0 while nothing is armed.
    private static let published = Atomic<UInt64>(0)
    private static let firing = Atomic<Bool>(false)

    /// The crash action to register with the terminal's crash handler (a C function pointer: no
    /// context). Getting it initialises every global `send` touches, so none is first initialised
    /// (lazily, under the runtime's once-lock) inside a signal handler.
    public static let crashAction: @convention(c) () -> Void = {
        _ = (buffers, published.load(ordering: .relaxed), firing.load(ordering: .relaxed))
        return { EmergencySilence.send() }
    }()

    /// Writes the published silence now. Async-signal-safe; waits at most 200 ms for room in the
    /// kernel's pool. Does nothing when nothing is armed.
    public static func send() {
        firing.store(true, ordering: .sequentiallyConsistent)
        let word = published.load(ordering: .sequentiallyConsistent)
        guard word != 0 else { return }
        let descriptor = Int32(truncatingIfNeeded: word >> 32) - 1
        let buffer = Int(word >> 16 & 1)
        let count = Int(word & 0xFFFF)
        _ = peach_write_events_signal_safe(descriptor, buffers + buffer * capacity,
                                           count * MemoryLayout<snd_seq_event_t>.stride, 200)
    }

    /// Encodes `events` from `sourcePort` to its subscribers and publishes them for `descriptor`.
    /// Called on the sequencer thread only (one writer).
    static func publish(_ events: [MIDIEvent], descriptor: Int32, sourcePort: Int) {
        guard !firing.load(ordering: .sequentiallyConsistent) else { return }
        let current = published.load(ordering: .sequentiallyConsistent)
        let buffer = current == 0 ? 0 : Int(current >> 16 & 1) ^ 1
        let base = buffers + buffer * capacity
        let kept = events.suffix(capacity)
        let count = kept.count
        for (index, message) in kept.enumerated() {
            var event = EventEncoding.event(for: message)
            peach_ev_to_subscribers_direct(&event, Int32(sourcePort))
            base[index] = event
        }
        published.store(UInt64(UInt32(descriptor + 1)) << 32 | UInt64(buffer) << 16 | UInt64(count),
                        ordering: .sequentiallyConsistent)
    }

    /// Forgets the published events if they belong to `descriptor` (about to be closed: a later
    /// write could reach whatever file reuses the number).
    static func disarm(descriptor: Int32) {
        let current = published.load(ordering: .sequentiallyConsistent)
        guard current != 0, Int32(truncatingIfNeeded: current >> 32) - 1 == descriptor else { return }
        _ = published.compareExchange(expected: current, desired: 0, ordering: .sequentiallyConsistent)
    }
}
