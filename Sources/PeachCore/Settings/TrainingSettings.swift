/// Everything the training loops read live, once per trial: what every discipline or several of them use, and
/// (in `disciplines`) what each discipline's folder declares. Validated ranges live here or in those folders so
/// the configuration file, the settings screen and the sessions agree on them.
public struct TrainingSettings: Hashable, Sendable {
    public static let feedbackDuration: Duration = .milliseconds(400)
    public static let allowedNoteDurationSeconds: ClosedRange<Double> = 0.2...5.0

    /// Notes trials are drawn from.
    public var noteRange: ClosedRange<MIDINote>
    /// How long each fixed-duration note sounds.
    public var noteDuration: Duration
    public var referencePitch: ReferencePitch
    public var velocity: MIDIVelocity
    /// The directed intervals interval comparison and interval matching draw from.
    public var intervals: IntervalSelection
    /// How the interval modes tune their intervals (unison training ignores it).
    public var tuningSystem: TuningSystem
    /// Interval modes: the two notes one after the other (melodic) or together (harmonic).
    public var intervalPresentation: IntervalPresentation

    /// The settings a discipline or a family of them owns (the rhythm tempo, fill the gap's positions, the threshold
    /// test's stop rule …), each declared in its folder: read there as properties of `TrainingSettings`.
    public var disciplines = DisciplineSettings()

    public init(noteRange: ClosedRange<MIDINote> = MIDINote(36)!...MIDINote(84)!,
                noteDuration: Duration = .seconds(1),
                referencePitch: ReferencePitch = .standard,
                velocity: MIDIVelocity = .defaultTraining,
                intervals: IntervalSelection = .standard,
                tuningSystem: TuningSystem = .equalTemperament,
                intervalPresentation: IntervalPresentation = .melodic) {
        self.noteRange = noteRange
        self.noteDuration = noteDuration
        self.referencePitch = referencePitch
        self.velocity = velocity
        self.intervals = intervals
        self.tuningSystem = tuningSystem
        self.intervalPresentation = intervalPresentation
    }

    public static let defaults = TrainingSettings()

    /// These settings with `change` made: a discipline's own settings are properties, not initializer arguments.
    public func with(_ change: (inout TrainingSettings) -> Void) -> TrainingSettings {
        var changed = self
        change(&changed)
        return changed
    }
}

/// Where sessions read the settings from, live, at the start of every trial.
@MainActor
public protocol TrainingSettingsSource: AnyObject {
    var currentSettings: TrainingSettings { get }
}
