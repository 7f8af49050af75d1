import Foundation
import PeachALSA
import PeachConfig
import PeachCore
import PeachDisciplines
import PeachMIDI
import PeachPresentation
import PeachStore
import PeachSystem
import PeachTerminal
import PeachText
import PeachTrainer

/// Steps 10 and 11 of the composition root: the interface (the terminal's full screen, plain lines, or the page of
/// `peach web`), and the run.
extension TrainingApp {
    /// The interface chosen, and the input it reads.
    struct Interface {
        let trainerInterface: any TrainerInterface
        let input: AsyncStream<UserInput>
        let signals: AsyncStream<ProcessSignal>
        /// What else ends with the interface (the page's server).
        var stop: @MainActor () -> Void = {}

        @MainActor func close() {
            trainerInterface.close()
            stop()
        }
    }

    /// Plain lines when asked for, or when standard input or output is not a terminal (pipes, screen readers).
    static func wantsPlainLines(_ options: CommandLineOptions, inputIsTerminal: Bool, outputIsTerminal: Bool) -> Bool {
        options.plain || !inputIsTerminal || !outputIsTerminal
    }

    /// Step 10: the page, plain lines or the full screen. A terminal that cannot be set up ends the run after `shutDown`.
    static func makeInterface(_ context: Context, trainer: Trainer, history: LaunchHistory,
                              configuration: LiveConfiguration, inputs: [String], calibration: SynthCalibration?,
                              logger: ConsoleLogger,
                              shutDown: @MainActor () async -> Void) async throws(StartupExit) -> Interface {
        let controller = trainer.controller
        let controllerStatus = DeviceStatus(name: inputs.isEmpty ? tr(.controllerKeyboardOnly) : inputs.joined(separator: ", "),
                                            state: inputs.isEmpty ? .none : .connected)
        let config = configuration.configuration
        let info: @MainActor () -> InfoScreenModel = { @MainActor in
            InfoScreenModel(version: PeachApp.version, licence: PeachApp.licence, dataDirectory: context.dataDirectory.path,
                            configFile: context.configPath ?? tr(.infoNoConfigFile),
                            synth: ScreenModels.synthStatus(controller.outputState), controller: controllerStatus,
                            velocityCeiling: config.safety.velocityCeiling, volumeCeiling: config.safety.volumeCeiling,
                            volumePercent: config.safety.volumePercent, synthCalibration: calibration?.summary,
                            entries: Disciplines.infoEntries(InfoContext(services: controller.services)))
        }
        // `peach web`: its page has been served since step 2.
        if let page = context.page {
            return makePageInterface(page, context: context, controller: controller, store: history.store, configuration: configuration,
                                     info: info, controllerStatus: controllerStatus, logger: logger)
        }
        if wantsPlainLines(context.options, inputIsTerminal: TerminalMode.isTerminal(STDIN_FILENO),
                           outputIsTerminal: TerminalMode.isTerminal(STDOUT_FILENO)) {
            let pump = InputPump.start(.lines, logger: logger)
            let plain = PlainLineInterface(
                modes: controller.modes, write: { context.console.out($0 + "\n") },
                info: { InfoScreen.render(info(), size: TerminalSize(columns: 100, rows: 20), style: Styler(.monochrome))
                    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } },
                profileReport: {
                    ProfileDocument(ReportContext(profile: history.profile,
                                                  range: configuration.configuration.coreTrainingSettings.noteRange)).lines
                })
            return Interface(trainerInterface: plain, input: pump.input, signals: pump.signals)
        }
        TerminalRestorer.installCrashHandlers()
        let terminal: TerminalSession
        do {
            terminal = try TerminalSession()
        } catch {
            context.console.err("peach: \(error)\n")
            await shutDown()
            throw StartupExit()
        }
        logger.holdBack()
        let pump = InputPump.start(.keys, logger: logger)
        let style = Styler(ColorMode.detect(environment: context.environment, outputIsTerminal: true))
        let full = FullScreenInterface(
            terminal: terminal, draw: { terminal.output.write($0) },
            size: { TerminalSize.current() ?? .standard }, style: style, configuration: configuration,
            info: info, controllerStatus: { controllerStatus })
        return Interface(trainerInterface: full, input: pump.input, signals: pump.signals)
    }

    /// Step 11: runs the trainer until the user quits or a signal ends it; the output's state and the
    /// sequencer's input reach the controller meanwhile. Returns the exit status.
    static func runTrainer(_ trainer: Trainer, interface: Interface, output: Output,
                           sequencer: ALSASequencer) async -> Int32 {
        let controller = trainer.controller, hub = trainer.hub, service = output.service
        let stateTask = Task { for await state in await service.states() { controller.outputStateChanged(state) } }
        defer { stateTask.cancel() }
        let router = SequencerInputRouter(controller: controller) { event in
            if let interruption = await service.handle(event) { hub.publish(interruption) }
        }
        let hooks = TrainerRunner.Hooks(
            sequencerInput: { batch in await router.deliver(batch) },
            suspended: {
                hub.publish(.suspended)
                await service.interrupt(.suspended)
            })
        let runner = TrainerRunner(controller: controller, interface: interface.trainerInterface, hooks: hooks)
        return await runner.run(keyboard: interface.input, sequencer: sequencer.inputs(), signals: interface.signals)
    }
}
