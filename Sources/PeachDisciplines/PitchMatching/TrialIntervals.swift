import PeachCore

/// Which intervals a session's trials are on: always the unison, or one drawn per trial from the settings'
/// interval selection (tuned in the settings' tuning system, presented as the settings say).
public enum TrialIntervals: Hashable, Sendable {
    case unison
    case configured
}
