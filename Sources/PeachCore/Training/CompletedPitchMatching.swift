import Foundation

/// A committed pitch-matching attempt, as observers receive it.
public struct CompletedPitchMatching: Hashable, Sendable {
    public var challenge: PitchMatchingChallenge
    /// Signed: 1200 · log2(user / target). Positive means the user tuned sharp.
    public var userCentError: Cents
    public var timestamp: Date
    public var referencePitch: ReferencePitch

    public init(challenge: PitchMatchingChallenge, userCentError: Cents, timestamp: Date,
                referencePitch: ReferencePitch = .standard) {
        self.challenge = challenge
        self.userCentError = userCentError
        self.timestamp = timestamp
        self.referencePitch = referencePitch
    }
}
