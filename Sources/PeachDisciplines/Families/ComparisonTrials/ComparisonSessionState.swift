import PeachCore

/// The comparison loop: idle → playingNote1 → playingNote2 → (awaitingAnswer) → showingFeedback → playingNote1 …
/// `awaitingAnswer` is skipped when the user answers while note 2 still sounds.
public enum ComparisonSessionState: Hashable, Sendable {
    case idle
    case playingNote1
    case playingNote2
    case awaitingAnswer
    case showingFeedback
}

/// Which note of the current comparison is sounding, for the UI.
public enum ComparisonNote: Hashable, Sendable {
    case note1
    case note2
}
