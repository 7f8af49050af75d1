import PeachCore

/// The calibration sequence as windows of queue-timed events. Each window is scheduled on Peach's queue once the
/// queue has reached its `refillAt`, a second before its first event, so only about three seconds of events are
/// ever waiting in the kernel's event pool: it holds a few hundred, and a 62-key calibration has about 450 events.
/// The kernel sends each event at its time; nothing waits on a sleep.
public enum CalibrationSchedule {
    /// How far ahead of the queue's now the sequence starts: the first window is in the queue by then.
    public static let lead = Duration.milliseconds(200)
    /// Events within this many milliseconds of a window's first event go in that window.
    public static let windowMilliseconds = 2000
    /// A window is scheduled this many milliseconds before its first event.
    public static let refillMilliseconds = 1000

    public struct Window: Hashable, Sendable {
        /// When to schedule it; nil for the first window (at once).
        public var refillAt: QueueInstant?
        public var events: [TimedMIDIEvent]
    }

    /// The events in time order (events at the same time keep their order: a bend before its note-on), in windows.
    public static func windows(of events: [StandardMIDIFile.TimedEvent], startingAt start: QueueInstant) -> [Window] {
        let ordered = events.enumerated()
            .sorted { ($0.element.milliseconds, $0.offset) < ($1.element.milliseconds, $1.offset) }
            .map(\.element)
        var windows: [Window] = []
        var index = ordered.startIndex
        while index < ordered.endIndex {
            let first = ordered[index].milliseconds
            var window = Window(refillAt: windows.isEmpty ? nil : start + .milliseconds(first - refillMilliseconds), events: [])
            while index < ordered.endIndex, ordered[index].milliseconds < first + windowMilliseconds {
                window.events.append(TimedMIDIEvent(ordered[index].event, at: start + .milliseconds(ordered[index].milliseconds)))
                index += 1
            }
            windows.append(window)
        }
        return windows
    }
}
