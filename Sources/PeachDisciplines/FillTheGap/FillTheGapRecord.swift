import Foundation
import PeachCore

extension DisciplineKind {
    public static let fillTheGap = DisciplineKind("fillTheGap", name: "fill the gap")
}

extension TrainingDiscipline {
    /// Fill the gap has one statistics key; its statistics keep each tempo range apart.
    public static let fillTheGap = TrainingDiscipline(.fillTheGap)
}

/// One fill-the-gap trial: sixteen gaps of a steady sixteenth-note grid at `tempo`, each tapped into (or missed).
public struct FillTheGapRecord: DisciplineRecord {
    public static let positions = 4

    public var timestamp: Date
    public var tempo: TempoBPM
    /// The mean signed offset of the taps that hit a gap (negative: early); nil when every gap was missed.
    public var meanOffset: Milliseconds?
    /// The mean per gap position 0...3 (nil: no hit at that position).
    public var meanOffsetByPosition: [Milliseconds?]
    /// Gaps hit of gaps played; nil for imported records (iOS Peach's CSV does not carry them).
    public var hits: Int?
    public var gaps: Int?
    /// True when every tap was stamped by the kernel (MIDI); false when computer-keyboard taps were among them
    /// (stamped when read: less exact); nil for imported records.
    public var kernelStamped: Bool?
    /// True when every hit's offset had its tap source's calibrated latency taken off (the tap calibration, and
    /// with it the synth's measured latency where it was measured); false: the offsets are as stamped.
    public var latencyCorrected: Bool
    public var outputName: String?

    public init(timestamp: Date, tempo: TempoBPM, meanOffset: Milliseconds?, meanOffsetByPosition: [Milliseconds?],
                hits: Int? = nil, gaps: Int? = nil, kernelStamped: Bool? = nil, latencyCorrected: Bool = false,
                outputName: String? = nil) {
        self.timestamp = timestamp
        self.tempo = tempo
        self.meanOffset = meanOffset
        self.meanOffsetByPosition = meanOffsetByPosition
        self.hits = hits
        self.gaps = gaps
        self.kernelStamped = kernelStamped
        self.latencyCorrected = latencyCorrected
        self.outputName = outputName
    }

    public static var kind: DisciplineKind { .fillTheGap }
    public static func makeStatistics() -> any DisciplineStatistics { FillTheGapStatistics() }
    public var discipline: TrainingDiscipline { .fillTheGap }
    /// How far off the taps were on average, either way.
    public var trendError: Milliseconds? { meanOffset?.magnitude }
}
