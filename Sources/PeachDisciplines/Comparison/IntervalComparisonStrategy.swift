import PeachCore

/// Interval comparison (docs/intervals.md): each trial draws one directed interval of the configured
/// selection; the reference note is chosen as `AdaptiveNoteStrategy` chooses notes, among those whose target
/// stays in the note range, reading the profile of the trial's discipline (interval × tuning system). Kazez
/// difficulty is kept per discipline: the next P5 trial follows the last P5 answer of the run, not the last
/// M3 answer; a discipline's first trial of a run starts from its own profile.
public struct IntervalComparisonStrategy: ComparisonStrategy {
    private var notes: AdaptiveNoteStrategy
    private var random: AnyRandomNumberGenerator
    /// The latest answered comparison of each discipline in this run.
    private var lastByDiscipline: [TrainingDiscipline: CompletedComparison] = [:]

    public init(random: any RandomNumberGenerator = SystemRandomNumberGenerator()) {
        self.random = AnyRandomNumberGenerator(random)
        self.notes = AdaptiveNoteStrategy(random: self.random)
    }

    public mutating func nextComparison(profile: PerceptualProfile, settings: TrainingSettings,
                                        last: CompletedComparison?) -> Comparison {
        if let last {
            lastByDiscipline[last.comparison.discipline] = last
        } else {
            lastByDiscipline = [:]
        }
        let (directed, references) = IntervalDraw.draw(from: settings, using: &random)
        let discipline = TrainingDiscipline(.comparison, interval: directed.interval,
                                            tuningSystem: settings.tuningSystem)
        let previous = lastByDiscipline[discipline]
        let note = notes.selectNote(profile: profile, settings: settings,
                                    previousNote: previous?.comparison.referenceNote ?? last?.comparison.referenceNote,
                                    range: references, discipline: discipline)
        let difficulty: Cents
        if let previous {
            difficulty = KazezRule.next(after: previous.comparison.centOffset, wasCorrect: previous.isCorrect,
                                        within: settings.centDifferenceBounds)
        } else {
            difficulty = AdaptiveNoteStrategy.bootstrapDifficulty(around: note, profile: profile, settings: settings,
                                                                  discipline: discipline)
        }
        let higher = Bool.random(using: &random)
        return Comparison(referenceNote: note, targetNote: directed.target(from: note) ?? note,
                          centOffset: higher ? difficulty : -difficulty, interval: directed.interval,
                          tuningSystem: settings.tuningSystem, presentation: settings.intervalPresentation)
    }
}
