/// Finds where a control was last held still, from its timed positions (docs/pitch-wheel.md).
///
/// A position's dwell is the time until an event with another position (a still control sends
/// nothing, or repeats itself). Positions are grouped into runs: a run goes on while each new
/// position stays within `tolerance` of the run's anchor (the position the control has rested at
/// longest in the run so far, dwells added up), so a wheel's jitter or a fine touch does not end it.
/// A run that lasted `holdTime` or more is steady; it stands for the last of its positions that
/// itself dwelt `holdTime` in one go (the user settled there), else for its anchor (a jittering
/// hold). The positions a spring-back passes dwell a millisecond or two and never win.
struct SteadyHold: Sendable {
    private let holdNanoseconds: UInt64
    private let tolerance: Int
    /// The position of the most recent steady run that has ended; nil when there was none.
    private(set) var held: Int?
    private var run: Run

    private struct Run: Sendable {
        var start: UInt64
        var anchor: Int
        /// Time spent at each position of the run, added up.
        var dwells: [Int: UInt64] = [:]
        var current: Int
        var currentSince: UInt64
        /// The last position that dwelt `holdTime` or more in one go.
        var lastSettled: Int?

        init(_ position: Int, at time: UInt64) {
            start = time
            anchor = position
            current = position
            currentSince = time
        }
    }

    init(_ position: Int, at time: UInt64, holdTime: Duration, tolerance: Int) {
        holdNanoseconds = Self.nanoseconds(holdTime)
        self.tolerance = tolerance
        run = Run(position, at: time)
    }

    /// The control moved to `position` at `time` (event arrival time, nanoseconds).
    mutating func observe(_ position: Int, at time: UInt64) {
        guard position != run.current else { return }  // a repeat: still there
        endDwell(at: time)
        if abs(position - run.anchor) <= tolerance {
            run.current = position
            run.currentSince = time
        } else {
            closeRun(at: time)
            run = Run(position, at: time)
        }
    }

    /// The control left (sprang back) at `time`: the position held last, or nil for a flick.
    mutating func finish(at time: UInt64) -> Int? {
        endDwell(at: time)
        closeRun(at: time)
        return held
    }

    private mutating func endDwell(at time: UInt64) {
        let dwell = time >= run.currentSince ? time - run.currentSince : 0
        if dwell >= holdNanoseconds { run.lastSettled = run.current }
        let total = run.dwells[run.current, default: 0] + dwell
        run.dwells[run.current] = total
        if total > run.dwells[run.anchor, default: 0] { run.anchor = run.current }
    }

    private mutating func closeRun(at time: UInt64) {
        let duration = time >= run.start ? time - run.start : 0
        if duration >= holdNanoseconds { held = run.lastSettled ?? run.anchor }
    }

    static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds / 1_000_000_000))
    }
}
