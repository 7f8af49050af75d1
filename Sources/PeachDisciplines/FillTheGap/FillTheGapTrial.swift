import Foundation
import PeachCore

/// One fill-the-gap trial on the queue clock: sixteen cycles of four sixteenth-note steps from `start`, each
/// cycle with one silent step (its gap) the player taps into.
public struct FillTheGapTrial: Hashable, Sendable {
    public static let cycles = 16
    public static let steps = 4

    public var tempo: TempoBPM
    public var start: QueueInstant
    /// The silent step (0...3) of each cycle.
    public var gapPositions: [Int]
    /// The step as the queue plays it: the tempo's sixteenth in whole wake-ups (`QueueWakeUps.wholePeriods`), so every
    /// click of a grid that starts on a wake-up sounds where it is scored (the sixteenth itself on an exact queue).
    public var sixteenth: Duration

    public init(tempo: TempoBPM, start: QueueInstant, gapPositions: [Int], sixteenth: Duration? = nil) {
        self.tempo = tempo
        self.start = start
        self.gapPositions = gapPositions
        self.sixteenth = sixteenth ?? tempo.sixteenth
    }

    /// Draws each cycle's gap from `enabled` (all four steps when empty), its grid laid on `wakeUps`: the start on the
    /// wake-up nearest `start`, each step whole wake-ups. The clicks the player hears then leave exactly when the
    /// gaps are scored; off the wake-ups, every click left up to half a period from its scored time, the same
    /// shift for a whole run and another for the next (docs/rhythm-timing.md).
    public static func drawn(tempo: TempoBPM, start: QueueInstant, on wakeUps: QueueWakeUps = .exact, enabled: Set<Int>,
                             using random: inout some RandomNumberGenerator) -> FillTheGapTrial {
        let choices = enabled.filter { (0..<steps).contains($0) }.sorted()
        let pool = choices.isEmpty ? Array(0..<steps) : choices
        return FillTheGapTrial(tempo: tempo, start: wakeUps.nearest(to: start),
                               gapPositions: (0..<cycles).map { _ in pool.randomElement(using: &random)! },
                               sixteenth: wakeUps.wholePeriods(nearest: tempo.sixteenth))
    }

    func time(cycle: Int, step: Int) -> QueueInstant { start + sixteenth * (cycle * Self.steps + step) }

    public func gapTime(_ gap: Int) -> QueueInstant { time(cycle: gap, step: gapPositions[gap]) }

    /// Where the next trial's grid goes on: right after the last step.
    public var end: QueueInstant { start + sixteenth * (Self.cycles * Self.steps) }

    /// Every sounding step: the gaps silent, the first step of a cycle accented.
    public var clicks: [RhythmClick] {
        (0..<Self.cycles).flatMap { cycle in
            (0..<Self.steps).filter { $0 != gapPositions[cycle] }.map { RhythmClick(time: time(cycle: cycle, step: $0), accent: $0 == 0) }
        }
    }

    /// The gap whose window (± half a sixteenth around it) holds `instant`, with the signed offset; nil outside.
    public func gap(containing instant: QueueInstant) -> (gap: Int, offset: Milliseconds)? {
        let half = Double(sixteenth.nanoseconds) / 2e6
        for gap in 0..<Self.cycles {
            let offset = instant.milliseconds(since: gapTime(gap))
            if abs(offset.value) <= half { return (gap, offset) }
        }
        return nil
    }
}

/// A finished fill-the-gap trial, as observers receive it: each gap's tap offset (nil: missed).
public struct CompletedFillTheGap: CompletedTrial, Hashable {
    public var trial: FillTheGapTrial
    public var offsets: [Milliseconds?]
    /// False when a computer-keyboard tap (stamped when read) is among the hits.
    public var kernelStamped: Bool
    /// True when every hit had its source's calibrated latency taken off.
    public var latencyCorrected: Bool
    public var timestamp: Date

    public init(trial: FillTheGapTrial, offsets: [Milliseconds?], kernelStamped: Bool, latencyCorrected: Bool = false,
                timestamp: Date) {
        self.trial = trial
        self.offsets = offsets
        self.kernelStamped = kernelStamped
        self.latencyCorrected = latencyCorrected
        self.timestamp = timestamp
    }

    public var discipline: TrainingDiscipline { .fillTheGap }
    public var hits: Int { offsets.count { $0 != nil } }

    public var meanOffset: Milliseconds? { Self.mean(offsets.compactMap { $0 }) }

    public var meanOffsetByPosition: [Milliseconds?] {
        (0..<FillTheGapTrial.steps).map { position in
            Self.mean(zip(trial.gapPositions, offsets).compactMap { $0.0 == position ? $0.1 : nil })
        }
    }

    static func mean(_ values: [Milliseconds]) -> Milliseconds? {
        values.isEmpty ? nil : Milliseconds(values.reduce(0) { $0 + $1.value } / Double(values.count))
    }
}
