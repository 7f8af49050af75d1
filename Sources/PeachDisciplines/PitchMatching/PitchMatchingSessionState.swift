import PeachCore

/// The pitch-matching loop: idle → playingReference → playingTunable → showingFeedback → playingReference …
public enum PitchMatchingSessionState: Hashable, Sendable {
    case idle
    case playingReference
    case playingTunable
    case showingFeedback
}
