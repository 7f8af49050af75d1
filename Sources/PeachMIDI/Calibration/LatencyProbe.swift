import PeachCore

/// The clicks `peach calibrate --capture` plays to measure a synth's MIDI-to-sound latency, and how the
/// onsets heard in the recording are matched to them (docs/synth-calibration.md, "MIDI-to-sound latency").
///
/// The clicks are scheduled ahead on Peach's queue at absolute times, as the timing disciplines' clicks
/// are, 150–250 ms apart in an irregular (never repeating) order: a synth or sound card that buffers in
/// fixed periods would otherwise see every click at the same phase of its period and show one lucky or
/// unlucky latency instead of its spread, and a whole-pattern shift could not be told from a shift by one click.
public struct LatencyProbe: Hashable, Sendable {
    public static let defaultCount = 40
    public static let shortestSpacing = Duration.milliseconds(150)
    public static let spacingRange = 100.0
    /// The longest latency looked for.
    public static let longestLatency = Milliseconds(1000)
    /// GM percussion on channel 10, every click the accent (the loud wood block): a short, clear onset.
    public static let sound = RhythmSound.percussion

    /// When each click is scheduled on the queue (already on the queue's wake-ups: they leave exactly then).
    public var clicks: [QueueInstant]

    public init(clicks: [QueueInstant]) { self.clicks = clicks }

    /// `count` clicks from `start`, 150–250 ms apart (the golden-ratio sequence: irregular, the same every
    /// run), each moved to the queue's nearest wake-up with `timer`.
    public static func plan(from start: QueueInstant, timer: QueueTimerInfo?, count: Int = defaultCount) -> LatencyProbe {
        var time = start
        var clicks: [QueueInstant] = []
        for index in 0..<count {
            clicks.append(timer?.nearestWakeUp(to: time) ?? time)
            let fraction = (Double(index + 1) * 0.618_033_988_75).truncatingRemainder(dividingBy: 1)
            time = time + shortestSpacing + .microseconds(Int64(fraction * spacingRange * 1000))
        }
        return LatencyProbe(clicks: clicks)
    }

    public var rhythm: [RhythmClick] { clicks.map { RhythmClick(time: $0, accent: true) } }

    /// When the last click has surely sounded and rung out, for a synth up to `longestLatency` late.
    public var end: QueueInstant { (clicks.last ?? QueueInstant(nanoseconds: 0)) + Self.longestLatency.duration + .milliseconds(200) }

    /// The latency of every click an onset was heard for: onset − scheduled time (see `matchedOnsets`).
    public func latencies(heard onsets: [QueueInstant]) -> [Milliseconds] {
        zip(clicks, matchedOnsets(heard: onsets)).compactMap { click, onset in onset?.milliseconds(since: click) }
    }

    /// Each click's onset, nil where none was heard. The synth's common delay is found first (unless
    /// given): the 30 ms window of onset − click differences, up to a second, that holds the most. Then
    /// each click takes the onset nearest to its time plus that delay, within `matchTolerance` (less
    /// than half the shortest spacing, so no onset serves two clicks).
    public func matchedOnsets(heard onsets: [QueueInstant], delay given: Milliseconds? = nil) -> [QueueInstant?] {
        guard let delay = given ?? commonDelay(onsets) else { return clicks.map { _ in nil } }
        let tolerance = matchTolerance.nanoseconds
        return clicks.map { click in
            let expected = click + delay.duration
            guard let nearest = onsets.min(by: { abs(($0 - expected).nanoseconds) < abs(($1 - expected).nanoseconds) }),
                  abs((nearest - expected).nanoseconds) <= tolerance else { return nil }
            return nearest
        }
    }

    /// 60 ms, or 0.4 of the shortest spacing between clicks when that is less (a fast rhythm).
    public var matchTolerance: Duration {
        let shortest = zip(clicks, clicks.dropFirst()).map { $1 - $0 }.min() ?? .seconds(1)
        return min(.milliseconds(60), shortest * 0.4)
    }

    /// Median and robust spread of the latencies; nil when fewer than half the clicks were heard.
    public func measure(heard onsets: [QueueInstant]) -> MeasuredLatency? {
        let found = latencies(heard: onsets)
        guard found.count * 2 >= clicks.count else { return nil }
        return MeasuredLatency(measurements: found)
    }

    /// The delay most onsets follow their clicks by (the middle of the fullest 30 ms window of
    /// differences from −20 ms to `longestLatency`); nil without any difference in that range.
    public func commonDelay(_ onsets: [QueueInstant]) -> Milliseconds? {
        let differences = clicks.flatMap { click in onsets.map { $0.milliseconds(since: click).value } }
            .filter { $0 >= -20 && $0 <= Self.longestLatency.value }.sorted()
        guard !differences.isEmpty else { return nil }
        var best = (count: 0, start: 0)
        var end = 0
        for start in differences.indices {
            while end < differences.count, differences[end] <= differences[start] + 30 { end += 1 }
            if end - start > best.count { best = (end - start, start) }
        }
        let window = differences[best.start..<(best.start + best.count)]
        return Milliseconds(window[window.startIndex + window.count / 2])
    }
}
