/// The mode registry: the Start screen, plain mode, key handling and the trainer read this list.
/// Adding a mode: one file with its `TrainingMode` (session or strategy and screen model), one line here.
@MainActor
public enum TrainingModes {
    public static let all: [any TrainingMode] = [
        ComparisonMode(),
        PitchMatchingMode(),
        IntervalComparisonMode(),
        IntervalMatchingMode(),
        ThresholdTestMode(),
    ]
}
