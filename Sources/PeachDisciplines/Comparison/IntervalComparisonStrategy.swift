import PeachCore

/// Interval comparison (docs/intervals.md): each trial draws one directed interval of the configured
/// selection; the reference note is chosen as `AdaptiveNoteStrategy` chooses notes, among those whose target
/// stays in the note range, reading the profile of the trial's discipline (interval × tuning system). Kazez
/// difficulty is kept per discipline: the next P5 trial follows the last P5 Kazez answer of the run, not the last
/// M3 answer; a discipline's first trial of a run starts from its own profile.
///
/// Each discipline has its own measurement slots, as unison training has (`MeasurementTrialPlanner`): every
/// `TrainingSettings.measurementTrialPeriod`-th trial of a discipline is placed where its threshold estimator
/// learns most, or now and then is a lapse probe far above its threshold, so a listener's lapses are measured
/// rather than read as a higher threshold. Those trials are invisible to the discipline's Kazez chain.
public struct IntervalComparisonStrategy: ComparisonStrategy {
    private var notes: AdaptiveNoteStrategy
    private var random: AnyRandomNumberGenerator
    private let posteriors: any ThresholdPosteriorSource
    /// The latest answered comparison of each discipline in this run: the next note is chosen near it.
    private var lastByDiscipline: [TrainingDiscipline: CompletedComparison] = [:]
    /// Each discipline's measurement slots and Kazez chain; none while measurement trials are off (period below 2).
    private var planners: [TrainingDiscipline: MeasurementTrialPlanner] = [:]

    public init(posteriors: any ThresholdPosteriorSource, random: any RandomNumberGenerator = SystemRandomNumberGenerator()) {
        self.posteriors = posteriors
        self.random = AnyRandomNumberGenerator(random)
        self.notes = AdaptiveNoteStrategy(random: self.random)
    }

    public mutating func nextComparison(profile: PerceptualProfile, settings: TrainingSettings,
                                        last: CompletedComparison?) -> Comparison {
        if let last {
            lastByDiscipline[last.comparison.discipline] = last
            planners[last.comparison.discipline]?.record(last)
        } else {
            restart(period: settings.measurementTrialPeriod)
        }
        let (directed, references) = IntervalDraw.draw(from: settings, using: &random)
        let discipline = TrainingDiscipline(.comparison, interval: directed.interval,
                                            tuningSystem: settings.tuningSystem)
        let previous = lastByDiscipline[discipline]
        let note = notes.selectNote(profile: profile, settings: settings,
                                    previousNote: previous?.comparison.referenceNote ?? last?.comparison.referenceNote,
                                    range: references, discipline: discipline)
        let difference = difference(for: discipline, at: note, profile: profile, settings: settings)
        let higher = Bool.random(using: &random)
        return Comparison(referenceNote: note, targetNote: directed.target(from: note) ?? note,
                          centOffset: higher ? difference : -difference, interval: directed.interval,
                          tuningSystem: settings.tuningSystem, presentation: settings.intervalPresentation)
    }

    /// A (re)start: every Kazez chain starts over, and each discipline keeps its count of measurement slots since its
    /// last probe (so that short sessions still play probes); the period is read here.
    private mutating func restart(period: Int) {
        lastByDiscipline = [:]
        planners = period >= 2 ? planners.mapValues { MeasurementTrialPlanner(period: period, continuing: $0) } : [:]
    }

    /// The next trial's |difference|: its discipline's Kazez step, or a measurement trial's or probe's.
    private mutating func difference(for discipline: TrainingDiscipline, at note: MIDINote, profile: PerceptualProfile,
                                     settings: TrainingSettings) -> Cents {
        let period = settings.measurementTrialPeriod
        guard period >= 2 else { return kazezDifference(after: lastByDiscipline[discipline], at: note, profile: profile,
                                                        settings: settings, discipline: discipline) }
        var planner = planners[discipline] ?? MeasurementTrialPlanner(period: period, continuing: nil)
        let plan = planner.planNext { [posteriors] in posteriors.placementPosterior(for: note, of: discipline) }
        planners[discipline] = planner
        switch plan {
        case .kazez:
            return kazezDifference(after: planner.lastKazezTrial, at: note, profile: profile, settings: settings,
                                   discipline: discipline)
        case .measurement(let difference), .lapseProbe(let difference):
            return MeasurementTrialPlanner.clamped(difference, to: settings.centDifferenceBounds)
        }
    }

    /// The Kazez step after the discipline's last Kazez answer of the run, or its start from the profile.
    private func kazezDifference(after previous: CompletedComparison?, at note: MIDINote, profile: PerceptualProfile,
                                 settings: TrainingSettings, discipline: TrainingDiscipline) -> Cents {
        guard let previous else {
            return AdaptiveNoteStrategy.bootstrapDifficulty(around: note, profile: profile, settings: settings,
                                                           discipline: discipline)
        }
        return KazezRule.next(after: previous.comparison.centOffset, wasCorrect: previous.isCorrect,
                              within: settings.centDifferenceBounds)
    }
}
