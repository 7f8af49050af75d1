import Foundation
import PeachCore

/// The tap calibration's clicks on the queue clock: a steady beat (a quarter note at `tempo`), four count-in
/// clicks, then the clicks the player taps along with. Every fourth click is accented so the bar is easy to
/// follow.
public struct TapCalibrationPattern: Hashable, Sendable {
    public static let countIn = 4
    public static let tappedClicks = 24

    public var tempo: TempoBPM
    public var start: QueueInstant
    /// The beat as the queue plays it: a quarter note in whole wake-ups, so clicks laid from a start on a wake-up
    /// sound where the taps are measured against them (`FillTheGapTrial.drawn`).
    public var beat: Duration

    /// The pattern laid on `wakeUps`: its start on the wake-up nearest `start`, its beat whole wake-ups.
    public init(tempo: TempoBPM, start: QueueInstant, on wakeUps: QueueWakeUps = .exact) {
        self.tempo = tempo
        self.start = wakeUps.nearest(to: start)
        self.beat = wakeUps.wholePeriods(nearest: tempo.sixteenth * 4)
    }

    public func clickTime(_ index: Int) -> QueueInstant { start + beat * index }

    public var clicks: [RhythmClick] {
        (0..<Self.countIn + Self.tappedClicks).map { RhythmClick(time: clickTime($0), accent: $0 % 4 == 0) }
    }

    /// When the last tap along can still come: half a beat after the last click.
    public var end: QueueInstant { clickTime(Self.countIn + Self.tappedClicks - 1) + beat / 2 }

    /// The tapped-along click (0..<tappedClicks) nearest `instant` within half a beat, and the tap's signed
    /// offset from it; nil during the count-in and outside every click's window.
    public func click(nearest instant: QueueInstant) -> (click: Int, offset: Milliseconds)? {
        let beats = Double((instant - start).nanoseconds) / Double(beat.nanoseconds)
        let index = Int(beats.rounded()) - Self.countIn
        guard (0..<Self.tappedClicks).contains(index) else { return nil }
        let offset = instant.milliseconds(since: clickTime(index + Self.countIn))
        guard abs(offset.value) <= Double(beat.nanoseconds) / 2e6 else { return nil }
        return (index, offset)
    }
}
