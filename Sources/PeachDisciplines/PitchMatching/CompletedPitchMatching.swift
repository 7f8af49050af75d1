import Foundation
import PeachCore

/// A committed pitch-matching attempt, as observers receive it.
public struct CompletedPitchMatching: Hashable, Sendable {
    public var challenge: PitchMatchingChallenge
    /// Signed: 1200 · log2(user / target). Positive means the user tuned sharp.
    public var userCentError: Cents
    public var timestamp: Date
    public var referencePitch: ReferencePitch
    /// The input that last moved the note; nil when it was committed untouched.
    public var controllerMode: ControllerMode?
    /// Whether the reference or the tuned note sounded on a key the synth's calibration did not measure (a
    /// knob turned far past the keys calibration reached): then `userCentError` rests on that key assumed in tune.
    public var soundedOnUnmeasuredKey: Bool

    public init(challenge: PitchMatchingChallenge, userCentError: Cents, timestamp: Date,
                referencePitch: ReferencePitch = .standard, controllerMode: ControllerMode? = nil,
                soundedOnUnmeasuredKey: Bool = false) {
        self.challenge = challenge
        self.userCentError = userCentError
        self.timestamp = timestamp
        self.referencePitch = referencePitch
        self.controllerMode = controllerMode
        self.soundedOnUnmeasuredKey = soundedOnUnmeasuredKey
    }
}

extension CompletedPitchMatching: CompletedTrial {
    public var discipline: TrainingDiscipline { challenge.discipline }
}
