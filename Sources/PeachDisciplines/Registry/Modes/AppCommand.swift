import PeachCore

/// What the user asks for, from the keyboard, a line of plain-mode input or a MIDI control.
/// Each screen ignores the commands it has no use for.
public enum AppCommand: Hashable, Sendable {
    /// Opens a screen; the training screens start their session.
    case open(AppScreen)
    /// Esc / q: stops training (the incomplete trial is discarded) and returns to Start.
    case back
    case quit
    /// An answer, a tuning move, a commit or a tap, for the running mode to make of it what it declares.
    case input(Gesture)
    /// Postpones a due quiet break once.
    case snooze
    /// MIDI-learn: the next moved controller becomes the tuning control.
    case learnController
    /// Ctrl-Z as a key in raw mode: the same as SIGTSTP from outside.
    case suspend
    /// Connects to the synth that appeared after the old one was lost (never done without the user).
    case connectOfferedSynth
    case redraw
}
