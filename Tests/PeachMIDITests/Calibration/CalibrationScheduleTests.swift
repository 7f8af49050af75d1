import Testing
import PeachCore
@testable import PeachMIDI

/// The capture calibration's events go to the kernel's queue a window at a time, each at its own time.
@Suite struct CalibrationScheduleTests {
    static let start = QueueInstant(nanoseconds: 5_000_000_000)

    static func sequence() -> CalibrationSequence {
        CalibrationSequence(keys: MIDINote(33)!...MIDINote(94)!, instrument: .piano, bendRange: .default)
    }

    @Test func everyEventIsScheduledOnceAtItsOwnTimeInOrder() {
        let events = Self.sequence().file.events
        let windows = CalibrationSchedule.windows(of: events, startingAt: Self.start)
        let scheduled = windows.flatMap(\.events)
        #expect(scheduled.count == events.count)
        #expect(scheduled.map(\.event) == events.map(\.event), "the sequence's own order: a bend before its note-on")
        #expect(zip(scheduled, events).allSatisfy { $0.time == Self.start + .milliseconds($1.milliseconds) })
    }

    /// The kernel's pool holds a few hundred events: a window holds two seconds' worth, and is scheduled a second
    /// before its first event, after the window before has been scheduled.
    @Test func onlyAFewSecondsOfEventsWaitInTheKernel() throws {
        let events = Self.sequence().file.events
        #expect(events.count > 400, "a 62-key calibration has more events than the pool holds")
        let windows = CalibrationSchedule.windows(of: events, startingAt: Self.start)
        #expect(windows.first?.refillAt == nil)
        #expect(windows.allSatisfy { $0.events.count < 60 })
        for (previous, window) in zip(windows, windows.dropFirst()) {
            let refill = try #require(window.refillAt)
            let first = try #require(window.events.first).time
            #expect(refill == first + .milliseconds(-CalibrationSchedule.refillMilliseconds))
            #expect(try #require(previous.events.last).time < first)
            #expect(try #require(previous.events.first).time < refill, "scheduled in order")
        }
    }

    @Test func noEventsNoWindows() {
        #expect(CalibrationSchedule.windows(of: [], startingAt: Self.start).isEmpty)
    }
}
