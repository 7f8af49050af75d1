import Foundation
import PeachCore

/// One compare-timing trial: four clicks a sixteenth note apart at `tempo`, the fourth moved by `offset`.
public struct CompareTimingTrial: Hashable, Sendable {
    public static let clickCount = 4
    /// The click that is moved (0-based): the last, so three steady clicks set up the grid it is heard against.
    public static let movedClick = 3

    public var tempo: TempoBPM
    /// Signed: negative early, positive late.
    public var offset: Milliseconds
    /// The period of the queue wake-ups it was played on (every click lands on one); nil before it is played, and
    /// where the queue's timer could not be read.
    public var queuePeriod: Milliseconds?
    /// The sixteenth the grid clicks were played apart, a whole number of queue wake-ups (nil: the tempo's own). A
    /// queue waking every 0.16 ms cannot play 75 ms (200 BPM) exactly: its grid steps 75.04 ms, 0.05 % slower, so
    /// the three grid clicks are exactly even and the moved click is exactly `offset` from where they put it.
    public var playedSixteenth: Duration?

    public init(tempo: TempoBPM, offset: Milliseconds, queuePeriod: Milliseconds? = nil, playedSixteenth: Duration? = nil) {
        self.tempo = tempo
        self.offset = offset
        self.queuePeriod = queuePeriod
        self.playedSixteenth = playedSixteenth
    }

    /// How far apart the clicks are played.
    var sixteenthStep: Duration { playedSixteenth ?? tempo.sixteenth }

    /// Whether it was played on a coarse queue (`QueueWakeUps.coarsePeriod`).
    public var isOnCoarseQueue: Bool { queuePeriod.map(QueueWakeUps.isCoarse) ?? false }

    public var isLate: Bool { offset.value > 0 }
    /// |offset| as a percentage of the sixteenth note (the staircase's unit, as iOS Peach's).
    public var percentOfSixteenth: Double { 100 * offset.magnitude.value / tempo.sixteenthMilliseconds }

    /// This trial as the queue plays it from `start` (a wake-up): the grid clicks a whole number of wake-ups apart
    /// (`playedSixteenth`), and the moved click on the wake-up nearest its time, so its offset is the one delivered,
    /// measured from its grid position; never zero (a smaller offset than one wake-up is played as one wake-up, in
    /// its direction), so every trial is early or late.
    public func delivered(from start: QueueInstant, on wakeUps: QueueWakeUps) -> CompareTimingTrial {
        let sixteenth = wakeUps.wholePeriods(nearest: tempo.sixteenth)
        let grid = start + sixteenth * Self.movedClick
        let asked = grid + offsetDuration
        var played = wakeUps.nearest(to: asked).nanoseconds - wakeUps.nearest(to: grid).nanoseconds
        if played == 0, let step = wakeUps.periodNanoseconds { played = offset.value < 0 ? -step : step }
        return CompareTimingTrial(tempo: tempo, offset: Milliseconds(Double(played) / 1e6),
                                  queuePeriod: wakeUps.period, playedSixteenth: sixteenth)
    }

    /// The moved click's offset on the queue clock (whole nanoseconds).
    private var offsetDuration: Duration { .nanoseconds(Int64((offset.value * 1e6).rounded())) }

    /// The pattern's clicks from `start`: the first accented, the moved one off the grid.
    public func clicks(from start: QueueInstant) -> [RhythmClick] {
        (0..<Self.clickCount).map { step in
            var time = start + sixteenthStep * step
            if step == Self.movedClick { time = time + offsetDuration }
            return RhythmClick(time: time, accent: step == 0)
        }
    }
}

/// An answered trial, as the session's observers receive it.
public struct CompletedCompareTiming: CompletedTrial, Hashable {
    public var trial: CompareTimingTrial
    public var answeredLate: Bool
    public var timestamp: Date

    public init(trial: CompareTimingTrial, answeredLate: Bool, timestamp: Date) {
        self.trial = trial
        self.answeredLate = answeredLate
        self.timestamp = timestamp
    }

    public var isCorrect: Bool { answeredLate == trial.isLate }
    public var discipline: TrainingDiscipline { .compareTiming }
}

/// Where the next offset comes from: a Kazez staircase on the offset's share of a sixteenth note, per tempo
/// range, starting from the range's threshold when it has one. The direction is drawn at random.
public struct CompareTimingStrategy {
    /// The staircase's bounds, in % of a sixteenth note.
    public static let percentBounds = 1.0...50.0
    /// Where an untrained range starts.
    public static let initialPercent = 25.0

    private var random: AnyRandomNumberGenerator

    public init(random: any RandomNumberGenerator = SystemRandomNumberGenerator()) {
        self.random = AnyRandomNumberGenerator(random)
    }

    @MainActor
    public mutating func next(tempo: TempoBPM, profile: PerceptualProfile, last: CompletedCompareTiming?) -> CompareTimingTrial {
        let percent: Double
        if let last, TempoRange.containing(last.trial.tempo) == TempoRange.containing(tempo) {
            percent = KazezRule.next(after: last.trial.percentOfSixteenth, wasCorrect: last.isCorrect, within: Self.percentBounds)
        } else if let threshold = profile.compareTiming.ranges[TempoRange.containing(tempo)]?.threshold, threshold.isConclusive {
            percent = min(max(100 * threshold.median.value / tempo.sixteenthMilliseconds, Self.percentBounds.lowerBound),
                          Self.percentBounds.upperBound)
        } else {
            percent = Self.initialPercent
        }
        let magnitude = percent / 100 * tempo.sixteenthMilliseconds
        let late = Bool.random(using: &random)
        return CompareTimingTrial(tempo: tempo, offset: Milliseconds(late ? magnitude : -magnitude))
    }
}
