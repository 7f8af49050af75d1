import Foundation
import PeachCore

extension DisciplineKind {
    public static let compareTiming = DisciplineKind("compareTiming", name: "compare timing")
}

extension TrainingDiscipline {
    /// Compare timing has one statistics key; its statistics keep each tempo range apart.
    public static let compareTiming = TrainingDiscipline(.compareTiming)
}

/// One answered compare-timing trial: four clicks a sixteenth apart at `tempo`, the fourth moved by `offset`
/// (negative: early); was it early or late?
public struct CompareTimingRecord: DisciplineRecord {
    public var timestamp: Date
    public var tempo: TempoBPM
    /// Signed: negative is early, positive late. What was scheduled on the queue (both clicks go through the
    /// same synth, so its latency cancels out of the offset heard).
    public var offset: Milliseconds
    public var answeredLate: Bool
    public var isCorrect: Bool
    /// The synth or port the clicks went to; nil for imported records.
    public var outputName: String?
    /// The period of the queue wake-ups the clicks were played on: the finest offset that queue could play. Nil for
    /// imported records, records of an older Peach, and where the queue's timer could not be read.
    public var queuePeriod: Milliseconds?

    public init(timestamp: Date, tempo: TempoBPM, offset: Milliseconds, answeredLate: Bool, isCorrect: Bool,
                outputName: String? = nil, queuePeriod: Milliseconds? = nil) {
        self.timestamp = timestamp
        self.tempo = tempo
        self.offset = offset
        self.answeredLate = answeredLate
        self.isCorrect = isCorrect
        self.outputName = outputName
        self.queuePeriod = queuePeriod
    }

    public static var kind: DisciplineKind { .compareTiming }
    public static func makeStatistics() -> any DisciplineStatistics { CompareTimingStatistics() }
    public var discipline: TrainingDiscipline { .compareTiming }
    /// The offset the listener judged: the staircase lowers it as the listener hears finer.
    public var trendError: Milliseconds? { offset.magnitude }
}
