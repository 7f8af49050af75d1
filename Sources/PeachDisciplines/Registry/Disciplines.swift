import PeachConfig
import PeachCore
import PeachFormats
import PeachPresentation

/// The discipline registry: one line per discipline. The store's codecs, the recorder, the profile's report
/// sections, the Start menu and plain mode all come from this list (see docs/adding-a-discipline.md).
public enum Disciplines {
    public static let all: [any Discipline] = [
        ComparisonDiscipline(),
        PitchMatchingDiscipline(),
        ThresholdTestDiscipline(),
        CompareTimingDiscipline(),
        FillTheGapDiscipline(),
    ]

    /// Settings several disciplines share, each family's once: the timing disciplines' tempo, the comparison
    /// trials' loudness variation.
    public static let sharedSettings: [DisciplineSetting] = RhythmSettings.settings + ComparisonTrialsSettings.settings

    /// Every configuration key a discipline or family contributes, in registry order.
    public static let settings = sharedSettings + all.flatMap(\.settings)

    /// The whole configuration schema: the core keys and every contributed one.
    public static let schema = ConfigSchema(contributed: settings.map(\.group))

    /// What the sessions read live: the core settings and every discipline's, from `configuration`.
    public static func trainingSettings(from configuration: PeachConfiguration) -> TrainingSettings {
        var trainingSettings = configuration.coreTrainingSettings
        for setting in settings { setting.apply(configuration, &trainingSettings) }
        return trainingSettings
    }

    /// How far every discipline's trials reach with `settings`: the largest of each.
    public static func reach(of settings: TrainingSettings) -> TrialReach {
        Self.settings.reduce(TrialReach.none) { $0.union($1.reach(settings)) }
    }

    /// `settings` as a synth that plays no finer than `resolution` can present them.
    public static func fitted(_ settings: TrainingSettings, toResolution resolution: Cents) -> TrainingSettings {
        var fitted = settings
        for setting in Self.settings { setting.fitToResolution(&fitted, resolution.magnitude) }
        return fitted
    }

    /// Every registered discipline's log and CSV codecs, for the store, the importer and the exporter.
    public static let codecs = RecordCodecs(all.map { ($0.logCodec, $0.csvRows) })

    /// The record a finished trial or result becomes, made by the discipline it claims (`recordKind`); nil when
    /// no registered discipline has that kind, or that discipline does not record it.
    public static func record(of outcome: any TrainingOutcome, in context: RecordContext) -> TrainingRecord? {
        guard let discipline = all.first(where: { $0.kind == outcome.recordKind }) else { return nil }
        return discipline.record(of: outcome, in: context).map { TrainingRecord($0) }
    }

    /// The same, with no pitch basis (unknown).
    public static func record(of outcome: any TrainingOutcome, outputName: String?) -> TrainingRecord? {
        record(of: outcome, in: RecordContext(outputName: outputName))
    }

    /// Every registered mode, in Start-menu order (`TrainingMode.menuRank`).
    @MainActor public static var modes: [any TrainingMode] {
        all.flatMap(\.modes).sorted { $0.menuRank < $1.menuRank }
    }

    /// Every registered discipline's Info-screen entries, in registry order.
    @MainActor public static func infoEntries(_ context: InfoContext) -> [InfoEntry] {
        all.flatMap { $0.infoEntries(context) }
    }

    /// The report of the discipline that owns `kind`.
    @MainActor public static func report(for kind: DisciplineKind) -> (any DisciplineReport)? {
        all.first { $0.kind == kind }?.report
    }

    /// Where `kind` is registered: the order of report sections and lists.
    static func position(of kind: DisciplineKind) -> Int {
        all.firstIndex { $0.kind == kind } ?? all.count
    }
}
