import PeachCore

/// What a discipline's Info-screen entries are read from (`Discipline.infoEntries`); the composition root fills it.
@MainActor
public struct InfoContext {
    /// The tap sources' calibrated latencies and the synth's.
    public var timingLatencies: TimingLatencies

    public init(timingLatencies: TimingLatencies) {
        self.timingLatencies = timingLatencies
    }
}
