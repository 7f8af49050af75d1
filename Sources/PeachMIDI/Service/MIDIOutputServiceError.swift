/// Why the output service refused to sound a note.
public enum MIDIOutputServiceError: Error, Hashable, Sendable {
    /// No destination is connected.
    case notConnected
    /// Output is paused; only `resume()` or `play()` lets notes through again.
    case paused(PauseReason)
}
