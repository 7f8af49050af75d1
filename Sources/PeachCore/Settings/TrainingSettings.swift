/// Everything the training loops read live, once per trial. Validated ranges live here so the
/// configuration file, the settings screen and the sessions agree on them.
public struct TrainingSettings: Hashable, Sendable {
    public static let feedbackDuration: Duration = .milliseconds(400)
    public static let allowedNoteDurationSeconds: ClosedRange<Double> = 0.2...5.0
    public static let allowedCentDifference: ClosedRange<Double> = 0.1...100
    public static let allowedMaxInitialOffset: ClosedRange<Double> = 1...100

    /// Notes trials are drawn from.
    public var noteRange: ClosedRange<MIDINote>
    /// How long each fixed-duration note sounds.
    public var noteDuration: Duration
    public var referencePitch: ReferencePitch
    /// 0 = natural (stay near the previous note), 1 = mechanical (jump to the weakest notes).
    public var naturalVsMechanical: Double
    public var velocity: MIDIVelocity
    /// Random loudness difference between the two notes of a comparison, ± this many dB (0 = none).
    public var amplitudeVariationDB: Double
    /// Kazez clamp bounds for the comparison difficulty.
    public var minimumCentDifference: Cents
    public var maximumCentDifference: Cents
    /// Largest starting offset of the tunable note in pitch matching (± cents).
    public var maxInitialCentOffset: Cents
    /// The directed intervals interval comparison and interval matching draw from.
    public var intervals: IntervalSelection
    /// How the interval modes tune their intervals (unison training ignores it).
    public var tuningSystem: TuningSystem
    /// Interval modes: the two notes one after the other (melodic) or together (harmonic).
    public var intervalPresentation: IntervalPresentation
    /// Unison comparison training: every this-many-th trial is a measurement trial placed where the
    /// threshold estimator learns most (comparison's measurement trials); 0 (or 1) = none.
    public var measurementTrialPeriod: Int

    public static let allowedMeasurementTrialPeriods: ClosedRange<Int> = 0...20
    /// 1 in 2: the benchmark's 80-trial interval goal (ratio ≤ 3.5) is met at 1 in 2, not at 1 in 3 or 4
    /// (docs/threshold-estimator.md, "Measurement trial rate").
    public static let defaultMeasurementTrialPeriod = 2

    /// The settings a discipline or a family of them owns (the rhythm tempo, fill the gap's positions, the threshold
    /// test's stop rule …), each declared in its folder: read there as properties of `TrainingSettings`.
    public var disciplines = DisciplineSettings()

    public init(noteRange: ClosedRange<MIDINote> = MIDINote(36)!...MIDINote(84)!,
                noteDuration: Duration = .seconds(1),
                referencePitch: ReferencePitch = .standard,
                naturalVsMechanical: Double = 0.5,
                velocity: MIDIVelocity = .defaultTraining,
                amplitudeVariationDB: Double = 0,
                minimumCentDifference: Cents = Cents(0.1),
                maximumCentDifference: Cents = Cents(100),
                maxInitialCentOffset: Cents = Cents(100),
                intervals: IntervalSelection = .standard,
                tuningSystem: TuningSystem = .equalTemperament,
                intervalPresentation: IntervalPresentation = .melodic,
                measurementTrialPeriod: Int = defaultMeasurementTrialPeriod) {
        self.noteRange = noteRange
        self.noteDuration = noteDuration
        self.referencePitch = referencePitch
        self.naturalVsMechanical = naturalVsMechanical
        self.velocity = velocity
        self.amplitudeVariationDB = amplitudeVariationDB
        self.minimumCentDifference = minimumCentDifference
        self.maximumCentDifference = maximumCentDifference
        self.maxInitialCentOffset = maxInitialCentOffset
        self.intervals = intervals
        self.tuningSystem = tuningSystem
        self.intervalPresentation = intervalPresentation
        self.measurementTrialPeriod = measurementTrialPeriod
    }

    public static let defaults = TrainingSettings()
}

/// Where sessions read the settings from, live, at the start of every trial.
@MainActor
public protocol TrainingSettingsSource: AnyObject {
    var currentSettings: TrainingSettings { get }
}
