/// Why output is paused. Only the user resumes, whatever the reason.
public enum PauseReason: String, Hashable, Sendable {
    case user
    case destinationLost
    case quietBreak
    case interruption

    /// Losing the synth or being interrupted stops at once; the others fade out.
    public var stopsImmediately: Bool { self == .destinationLost || self == .interruption }
}

/// What the output service publishes to the UI.
public struct OutputServiceState: Hashable, Sendable {
    public var destination: OutputDestination?
    public var isPlaying = false
    public var pauseReason: PauseReason?
    /// 0...100 % of the ceiling's channel volume.
    public var volumePercent: Double
    /// Why the last destination went away, for the UI to explain how to reconnect.
    public var lossReason: String?
    /// A synth that appeared after the destination was lost: offered, never used automatically.
    public var offeredDestination: String?

    public init(volumePercent: Double = 100) { self.volumePercent = volumePercent }
}
