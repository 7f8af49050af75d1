import PeachCore
import PeachDisciplines
import PeachMIDI
import PeachTrainer

/// Wires the trainer once, from adapters the composition root (or a test) made. The order is the
/// contract: every finished trial goes
///   1. to the recorder, which makes its discipline's record once and tells, in order,
///      a. the store — the record is on disk (fsynced) before anything else reacts to it;
///      b. the profile and the estimator's thresholds, then the history — what the screens, the trend
///         and the measurement trials use;
///   2. to quiet breaks last — a due break may stop training, after everything above has the trial.
/// A finished threshold test's result goes to the recorder too (store, profile's list of tests, history).
/// The modes come from the discipline registry; each gets its session from the same dependencies.
@MainActor
public enum TrainerWiring {
    /// The adapters behind the core's ports.
    public struct Adapters {
        /// Persists every record (the `TrainingStore`).
        public var store: any RecordObserver
        public var notePlayer: any NotePlayer
        /// Clicks on the sequencer's queue, for the timing disciplines.
        public var rhythmPlayer: any RhythmPlayer
        public var output: any TrainingOutput
        public var settings: any TrainingSettingsSource
        public var clock: any TrainingClock
        public var logger: any PeachLogger
        public var interruptions: any InterruptionSource
        /// The synth or port the notes go to, recorded with each trial (the store's `outputName`).
        public var outputName: @MainActor () -> String?
        /// What every presented pitch rests on (measured, built-in, assumed), recorded with each pitch trial.
        public var pitchBasis: @MainActor () -> PitchBasis?
        /// The tap sources' and the synth's measured latencies (fill the gap, the tap calibration).
        public var timingLatencies: TimingLatencies

        @MainActor
        public init(store: any RecordObserver, notePlayer: any NotePlayer, rhythmPlayer: any RhythmPlayer,
                    output: any TrainingOutput,
                    settings: any TrainingSettingsSource, clock: any TrainingClock, logger: any PeachLogger,
                    interruptions: any InterruptionSource, outputName: @escaping @MainActor () -> String? = { nil },
                    pitchBasis: @escaping @MainActor () -> PitchBasis? = { nil },
                    timingLatencies: TimingLatencies = TimingLatencies()) {
            self.outputName = outputName
            self.pitchBasis = pitchBasis
            self.timingLatencies = timingLatencies
            self.store = store
            self.notePlayer = notePlayer
            self.rhythmPlayer = rhythmPlayer
            self.output = output
            self.settings = settings
            self.clock = clock
            self.logger = logger
            self.interruptions = interruptions
        }
    }

    /// What the user configured, and how the app answers the trainer (`TrainerHooks`, passed on as one value).
    public struct Choices {
        public var breaks: QuietBreakSchedule
        public var decoder: ControllerDecoder
        public var userStopFade: Duration
        public var hooks: TrainerHooks

        public init(breaks: QuietBreakSchedule, decoder: ControllerDecoder, userStopFade: Duration,
                    hooks: TrainerHooks = TrainerHooks()) {
            self.breaks = breaks
            self.decoder = decoder
            self.userStopFade = userStopFade
            self.hooks = hooks
        }
    }

    /// The profile also keeps the estimator's pooled thresholds (built from the stored history at launch):
    /// it feeds the measurement trials of comparison training.
    public static func trainer(_ adapters: Adapters, profile: PerceptualProfile,
                               choices: Choices, modes: [any TrainingMode] = Disciplines.modes) -> TrainerController {
        let breaks = BreakCoordinator(schedule: choices.breaks, clock: adapters.clock, output: adapters.output)
        let recorder = TrialRecorder(observers: [adapters.store, profile], outputName: adapters.outputName,
                                     pitchBasis: adapters.pitchBasis)
        let observers: [any TrainingObserver] = [recorder, breaks]
        // The controller input routes the knob to every tunable note as it starts (one hop on the sequencer thread).
        let controllerInput = ControllerInput(decoder: choices.decoder)
        let sessions = SessionDependencies(notePlayer: adapters.notePlayer, rhythmPlayer: adapters.rhythmPlayer,
                                           profile: profile, settings: adapters.settings,
                                           clock: adapters.clock, logger: adapters.logger,
                                           interruptions: adapters.interruptions, observers: observers,
                                           outcomeObservers: [recorder], services: services(adapters, controllerInput: controllerInput))
        return TrainerController(TrainerController.Dependencies(
            modes: modes, sessions: sessions, output: adapters.output, breaks: breaks,
            controllerInput: controllerInput, userStopFade: choices.userStopFade, hooks: choices.hooks))
    }

    /// What the root offers the modes besides, each as a core type (`TrainingMode.services` names what each takes):
    /// the tuning controls' router and the measured latencies.
    static func services(_ adapters: Adapters, controllerInput: ControllerInput) -> SessionServices {
        var services = SessionServices()
        services.offer(controllerInput as any TunableNoteObserver)
        services.offer(adapters.timingLatencies)
        return services
    }
}
