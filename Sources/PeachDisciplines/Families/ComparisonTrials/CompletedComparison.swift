import Foundation
import PeachCore

/// An answered comparison, as observers receive it.
public struct CompletedComparison: Hashable, Sendable {
    public var comparison: Comparison
    public var answeredHigher: Bool
    public var isCorrect: Bool { answeredHigher == comparison.isTargetHigher }
    public var timestamp: Date
    /// The offset the synth really presented (after bend resolution and the synth profile);
    /// equals `comparison.centOffset` on an ideal synth.
    public var presentedCentOffset: Cents
    public var referencePitch: ReferencePitch
    public var velocity: MIDIVelocity
    /// Whether either note sounded on a key the synth's calibration did not measure
    /// (`NotePlayer.soundsOnUnmeasuredKey(_:)`): then `presentedCentOffset` rests on that key assumed in tune.
    public var soundedOnUnmeasuredKey: Bool

    public init(comparison: Comparison, answeredHigher: Bool, timestamp: Date,
                presentedCentOffset: Cents? = nil, referencePitch: ReferencePitch = .standard,
                velocity: MIDIVelocity = .defaultTraining, soundedOnUnmeasuredKey: Bool = false) {
        self.comparison = comparison
        self.answeredHigher = answeredHigher
        self.timestamp = timestamp
        self.presentedCentOffset = presentedCentOffset ?? comparison.centOffset
        self.referencePitch = referencePitch
        self.velocity = velocity
        self.soundedOnUnmeasuredKey = soundedOnUnmeasuredKey
    }
}

extension CompletedComparison: CompletedTrial {
    public var discipline: TrainingDiscipline { comparison.discipline }
}
