import Foundation
import Observation
import PeachCore
import PeachDisciplines
import PeachMIDI
import PeachText

/// The trainer behind every user interface: navigation and commands. Which screen is up, which mode
/// runs, the output's state and what went wrong. The modes come from the registry (`Disciplines.modes`);
/// controller MIDI is `ControllerInput`'s job, quiet breaks `BreakCoordinator`'s. Full-screen and plain
/// mode both send it `AppCommand`s and draw its state. It never resumes training by itself.
@MainActor @Observable
public final class TrainerController {
    /// Everything the trainer works with, required at creation.
    public struct Dependencies {
        public var modes: [any TrainingMode]
        public var sessions: SessionDependencies
        public var output: any TrainingOutput
        public var breaks: BreakCoordinator
        public var controllerInput: ControllerInput
        /// How long a stop the user asked for fades out ([safety] fade_seconds).
        public var userStopFade: Duration
        public var hooks: TrainerHooks

        public init(modes: [any TrainingMode], sessions: SessionDependencies, output: any TrainingOutput,
                    breaks: BreakCoordinator, controllerInput: ControllerInput, userStopFade: Duration,
                    hooks: TrainerHooks = TrainerHooks()) {
            self.modes = modes
            self.sessions = sessions
            self.output = output
            self.breaks = breaks
            self.controllerInput = controllerInput
            self.userStopFade = userStopFade
            self.hooks = hooks
        }
    }

    public private(set) var requestedScreen: AppScreen = .start
    /// The last thing the user should know (an interruption, a refused start); cleared by the next start.
    public private(set) var message: String?
    public private(set) var quitRequested = false
    /// The output service's latest state (connection, pause reason), fed through `outputStateChanged`.
    public private(set) var outputState = OutputServiceState()
    /// Counts tuning moves so the pitch-matching screen can show "knob moved" without any number.
    public private(set) var tuningActivity = 0
    /// When the last tuning move happened, so the "knob moved" light can go out a moment later.
    @ObservationIgnored public private(set) var lastTuningMove: Date?

    /// The registry's modes, in menu order, each with its session (created once).
    public let modes: [any TrainingMode]
    public let profile: PerceptualProfile
    /// What the root offered the modes besides (`SessionDependencies.services`): the Info screen reads them too.
    @ObservationIgnored public let services: SessionServices
    public let breaks: BreakCoordinator
    public let controllerInput: ControllerInput
    /// How long a stop the user asked for fades out; follows the configuration file.
    @ObservationIgnored public var userStopFade: Duration

    @ObservationIgnored private let sessions: [TrainingModeID: any ModeSession]
    @ObservationIgnored private let output: any TrainingOutput
    @ObservationIgnored private let clock: any TrainingClock
    @ObservationIgnored private let hooks: TrainerHooks
    @ObservationIgnored private var interruptionTask: Task<Void, Never>?

    public init(_ dependencies: Dependencies) {
        modes = dependencies.modes
        profile = dependencies.sessions.profile
        services = dependencies.sessions.services
        breaks = dependencies.breaks
        controllerInput = dependencies.controllerInput
        userStopFade = dependencies.userStopFade
        output = dependencies.output
        clock = dependencies.sessions.clock
        hooks = dependencies.hooks
        var sessions: [TrainingModeID: any ModeSession] = [:]
        for mode in dependencies.modes {
            precondition(sessions[mode.id] == nil, "two training modes are registered as \(mode.id)")
            sessions[mode.id] = mode.makeSession(dependencies.sessions)
        }
        self.sessions = sessions
        let events = dependencies.sessions.interruptions.events()
        interruptionTask = Task { [weak self] in
            for await event in events { self?.interruptionArrived(event) }
        }
        breaks.breakBegan = { [weak self] in self?.breakBegan() }
    }

    /// The session of a registered mode.
    public func modeSession(_ id: TrainingModeID) -> (any ModeSession)? { sessions[id] }

    /// The session of the mode on screen, if a training screen is up.
    public var activeModeSession: (any ModeSession)? { screen.trainingMode.flatMap { sessions[$0] } }

    /// The screen to draw: a training screen whose session stopped by itself (a failed synth, an
    /// interruption) shows Start, with the session's reason in `statusLine`; so does a finished break.
    public var screen: AppScreen {
        switch requestedScreen {
        case .training(let mode):
            sessions[mode]?.session.isTraining == true ? requestedScreen : .start
        case .quietBreak:
            breaks.isOnBreak ? .quietBreak : .start
        case .start, .profile, .settings, .info:
            requestedScreen
        }
    }

    /// Why results are not being saved; nil while saving works.
    public func saveWarning() -> String? { hooks.saveWarning() }

    /// What went wrong most recently, for the status line of every screen.
    public var statusLine: String? {
        trainingStatus ?? saveWarning()
    }

    /// The controller's own message, else why a session stopped by itself (it says so until the next start).
    public var trainingStatus: String? {
        message ?? modes.lazy.compactMap { self.sessions[$0.id]?.session.statusMessage }.first
    }

    // MARK: Commands

    public func handle(_ command: AppCommand) async {
        switch command {
        case .open(let target):
            if let mode = target.trainingMode {
                await startTraining(mode)
            } else {
                // The new screen shows at once; the old session's notes are silenced behind it.
                requestedScreen = target
                await stopTraining()
            }
        case .back:
            await leaveScreen()
        case .quit:
            await stopTraining()
            await output.stop(fadeOut: nil)
            quitRequested = true
        case .input(let gesture):
            guard let mode = activeModeSession, mode.accepts(gesture) else { return }
            if gesture.isTuningMove { noteTuningMove() }
            if gesture == .commit {
                // The routed knob may have bent the note since its last position was told: the commit
                // scores where the knob left it (from any commit source: keys, pedal, wheel).
                if let cents = await controllerInput.takeKnobBack() {
                    mode.perform(.sounded(centsFromTarget: cents, via: controllerInput.mode))
                }
            }
            mode.perform(gesture)
        case .snooze:
            snoozeBreak()
        case .learnController:
            controllerInput.startLearning()
            message = tr(.trainerLearnPrompt)
        case .connectOfferedSynth:
            await connectToOfferedSynth()
        case .redraw, .suspend:
            break  // handled by the runner and the interface
        }
    }

    /// A batch of controller MIDI in arrival order (everything that came in since the main actor last
    /// looked): decoded and collapsed by `ControllerInput`, then applied to the running mode. While the
    /// running mode takes taps (a timing discipline), a note-on is a tap at the kernel's stamp on the
    /// queue clock, not an answer or a commit.
    public func handleMIDI(_ inputs: [SequencerInput]) async {
        let mode = activeModeSession
        let tapping = mode?.accepts(.keyboardTap) == true
        let actions = controllerInput.actions(for: inputs, trialNumber: mode?.session.trialNumber, tapping: tapping)
        for action in actions {
            switch action {
            case .setCents(let cents): await handle(.input(.tune(centsFromTarget: cents, via: controllerInput.mode)))
            case .routedCents(let cents): await handle(.input(.sounded(centsFromTarget: cents, via: controllerInput.mode)))
            case .adjustByCents(let cents): await handle(.input(.adjust(cents, via: controllerInput.mode)))
            case .commit: await handle(.input(.commit))
            case .answerHigher: await handle(.input(.answer(higher: true)))
            case .answerLower: await handle(.input(.answer(higher: false)))
            case .tap(let time, let source): await handle(.input(.tap(at: time, from: .midi(device: await hooks.tapDevice(source)))))
            case .learned(let binding):
                message = tr(.trainerLearned, ["binding": "\(binding)"]) + (hooks.saveLearnedBinding(binding).map { " \($0)" } ?? tr(.trainerSaved))
            }
        }
    }

    private func noteTuningMove() {
        tuningActivity += 1
        lastTuningMove = clock.now()
    }

    /// Says `message` on every screen until the next start (what the app found missing at launch).
    public func tell(_ message: String) {
        self.message = message
    }

    /// Stops every session and waits until their notes are silenced.
    public func stopTraining() async {
        let stops = modes.compactMap { sessions[$0.id]?.session.stop() }
        for stop in stops { await stop.value }
    }

    /// New settings from the configuration file, applied at once: quiet-break times (a running
    /// countdown keeps its wall-clock target) and the MIDI controller mapping.
    public func configurationChanged(breaks settings: QuietBreakSchedule.Settings, binding: ControllerBinding?,
                                     triggers: ControllerTriggers) {
        breaks.settings = settings
        controllerInput.reconfigure(binding: binding, triggers: triggers)
    }

    /// The output service published a new state.
    public func outputStateChanged(_ state: OutputServiceState) {
        outputState = state
    }

    // MARK: Training

    private func startTraining(_ mode: TrainingModeID) async {
        await stopTraining()
        guard let session = sessions[mode]?.session else { return }
        if breaks.blocksTraining {
            breaks.showBreak()
            requestedScreen = .quietBreak
            return
        }
        do {
            try await output.play()
        } catch {
            message = tr(.trainerCannotStart, ["error": "\(error)"])
            requestedScreen = .start
            return
        }
        message = nil
        requestedScreen = .training(mode)
        breaks.trainingStarted()
        session.start()
    }

    private func leaveScreen() async {
        switch screen {
        case .quietBreak:
            snoozeBreak()
        case .training:
            // Start shows at once, so no answer or commit can complete the trial any more; what
            // sounds fades out over `userStopFade`, then the sessions stop and discard the trial.
            requestedScreen = .start
            await output.stop(fadeOut: userStopFade)
            await stopTraining()
        case .start, .profile, .settings, .info:
            requestedScreen = .start
        }
    }

    private func connectToOfferedSynth() async {
        guard let offered = outputState.offeredDestination else { return }
        do {
            try await hooks.connectOffered(offered)
            message = tr(.trainerConnected)
        } catch {
            message = tr(.trainerCannotConnect, ["error": "\(error)"])
        }
    }

    private func interruptionArrived(_ event: InterruptionEvent) {
        switch event {
        case .outputAvailable(let name):
            outputState.offeredDestination = name
        case .interruptionEnded:
            break
        case .suspended, .outputLost, .interrupted:
            // The sessions say why they stopped; the output state carries a lost synth and how to reconnect.
            if requestedScreen.isTraining { requestedScreen = .start }
        }
    }

    // MARK: Quiet breaks

    /// A finished trial made a break due: training stops and the break screen shows.
    private func breakBegan() {
        for mode in modes { sessions[mode.id]?.session.stop() }
        requestedScreen = .quietBreak
    }

    private func snoozeBreak() {
        guard breaks.snooze() else {
            message = tr(.trainerAlreadySnoozed)
            return
        }
        if requestedScreen == .quietBreak { requestedScreen = .start }
    }
}
