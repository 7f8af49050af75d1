import Foundation
import PeachConfig
import PeachCore
import PeachText
import PeachTrainer

/// `peach web` without sound: no sequencer (step 3) or no synth (step 4). The page still opens, says what is missing
/// and what to do, and Profile, Settings and Info work; a training entry says why it cannot start. Anything else
/// (`peach` in the terminal) ends as before, with the step's message.
extension TrainingApp {
    static func soundlessPage(_ context: Context, missing: StartupExit, history: LaunchHistory,
                              configuration: LiveConfiguration, logger: ConsoleLogger) async throws(StartupExit) -> Int32 {
        guard case .web = context.options.command, let reason = missing.reason else { throw missing }
        let controller = soundlessTrainer(context, history: history, configuration: configuration, logger: logger,
                                          output: SoundlessOutput(reason: tr(.webNoSound, ["reason": reason])))
        controller.tell(tr(.webNoSound, ["reason": reason]))
        let interface = try await makeInterface(context, trainer: Trainer(controller: controller, hub: InterruptionHub()),
                                                history: history, configuration: configuration, inputs: [], calibration: nil,
                                                logger: logger, shutDown: {})
        let status = await TrainerRunner(controller: controller, interface: interface.trainerInterface)
            .run(keyboard: interface.input, signals: interface.signals)
        interface.close()
        return status
    }

    /// The trainer wired to the store, the profile and the configuration as step 8 wires it, with nothing to play on.
    static func soundlessTrainer(_ context: Context, history: LaunchHistory, configuration: LiveConfiguration,
                                 logger: ConsoleLogger, output: SoundlessOutput) -> TrainerController {
        let store = history.store
        let adapters = TrainerWiring.Adapters(store: store, notePlayer: output, rhythmPlayer: SilentRhythmPlayer(), output: output,
                                              settings: configuration, clock: SystemTrainingClock(), logger: logger,
                                              interruptions: InterruptionHub(), outputName: { nil }, pitchBasis: { nil },
                                              timingLatencies: timingLatencies(context, synth: nil, logger: logger))
        let controller = TrainerWiring.trainer(adapters, profile: history.profile,
                                               choices: choices(configuration.configuration, hooks: savingHooks(configuration, store: store)))
        followConfiguration(configuration, trainer: controller, service: nil)
        return controller
    }
}
