import Foundation
import PeachALSA
import PeachConfig
import PeachCore
import PeachMIDI
import PeachStore
import PeachTerminal

/// The composition root of `peach` (training): creates every adapter once, wires them to the core
/// through its ports, runs the interface, and on every way out silences the synth, stops a
/// FluidSynth it started and restores the terminal.
@MainActor
enum TrainingApp {
    struct Context {
        var options: CommandLineOptions
        var environment: [String: String]
        var console: Console
        var dataDirectory: DataDirectory
        var configPath: String?
    }

    static func run(_ context: Context) async -> Int32 {
        let console = context.console
        let logger = ConsoleLogger(console: console)
        let configuration = LiveConfiguration(path: context.configPath) { diagnostics in
            diagnostics.forEach { logger.log($0.severity == .error ? .error : .warning, $0.description) }
        }
        let config = configuration.configuration

        // The history first: a second Peach on the same data is refused before anything sounds.
        // Streamed into the profile and the trend's recent records: the whole history is never held.
        let profile = PerceptualProfile()
        var gathered = ProfileAccumulator()
        var loadedHistory = TrainingHistory()
        func take(_ record: TrainingRecord) {
            gathered.add(record)
            loadedHistory.add(record)
        }
        func startOver() {
            gathered = ProfileAccumulator()
            loadedHistory = TrainingHistory()
        }
        let store: TrainingStore
        do {
            let opened = try TrainingStore.open(context.dataDirectory, each: take)
            store = opened.store
            opened.warnings.forEach { logger.log(.warning, $0.description) }
        } catch {
            if case .lockedByAnotherProcess = error {
                console.err("peach: \(error)\n")
                return 1
            }
            // Read-only or full disk: train anyway, say so on every screen, read what can be read.
            logger.log(.error, "\(error)")
            store = TrainingStore(unavailable: error)
            startOver()
            do {
                _ = try TrainingLog.read(context.dataDirectory, each: take)
            } catch {
                startOver()
            }
        }
        profile.replace(with: gathered)
        let history = loadedHistory
        history.outputName = { store.outputName }

        let sequencer: ALSASequencer
        do {
            sequencer = try ALSASequencer(clientName: "Peach", logger: logger)
        } catch {
            console.err("peach: \(error)\n")
            return 1
        }
        defer { sequencer.close() }
        let stuckNotes = StuckNoteGuard(sequencer: sequencer, logger: logger)
        defer { stuckNotes.cleanExit() }

        var synthChoice = SynthConnection(
            requestedPort: context.options.outputPort ?? config.midi.outputPort,
            synth: context.options.synth.map(Self.synth) ?? config.midi.synth,
            soundFont: context.options.soundFont ?? config.midi.soundFont,
            audioDriver: context.options.audioDriver ?? config.midi.audioDriver)
        synthChoice.strict = context.options.outputPort != nil || config.midi.onlyChosenSynth
        let connection: SynthConnection.Outcome
        do {
            connection = try await synthChoice.connect(directory: sequencer) { console.err("peach: \($0)\n") }
        } catch {
            console.err("peach: \(error)\n")
            return 1
        }
        var fluidSynth: FluidSynthProcess?
        if case .launched(_, let process) = connection { fluidSynth = process }
        stuckNotes.synthStarted(fluidSynth)

        let clock = SystemTrainingClock()
        let destination = connection.port
        let calibration = await StartupCalibration.calibration(for: connection, configuration: config,
                                                               dataDirectory: context.dataDirectory) { console.err("peach: \($0)\n") }
        let playerConfiguration = MIDISetup.playerConfiguration(config.midi, safety: config.safety, destination: destination,
                                                                calibration: calibration)
        let service = MIDIOutputService(port: stuckNotes.tracking(sequencer, channels: playerConfiguration.channels),
                                        directory: sequencer, ownOutput: sequencer.outputAddress,
                                        clock: clock, configuration: playerConfiguration,
                                        fadeDuration: config.safety.fadeDuration,
                                        volumePercent: Double(config.safety.volumePercent),
                                        offering: config.midi.onlyChosenSynth ? .specification(destination.clientName) : .automaticSynth,
                                        routes: sequencer, logger: logger)
        stuckNotes.watch(service)
        do {
            try await service.connect(to: destination)
        } catch {
            console.err("peach: cannot connect to \(OutputDestination(destination)): \(error)\n")
            await fluidSynth?.stop()
            return 1
        }

        let inputs = await connectControllers(context, config: config, sequencer: sequencer, logger: logger)
        console.err(inputs.isEmpty
                    ? "peach: no MIDI controller connected; tune and answer with the keyboard (or use --input ADDR)\n"
                    : "peach: MIDI controllers: \(inputs.joined(separator: ", "))\n")
        store.outputName = OutputDestination(destination).description

        let hub = InterruptionHub()
        let settings = SynthLimitedSettings(configuration, resolution: playerConfiguration.tuning.smallestStep)
        let adapters = TrainerWiring.Adapters(store: store, notePlayer: service, output: service, settings: settings,
                                              clock: clock, logger: logger, interruptions: hub)
        let choices = TrainerWiring.Choices(
            breaks: QuietBreakSchedule(settings: config.quietBreaks), decoder: MIDISetup.decoder(config.controller),
            userStopFade: config.safety.fadeDuration,
            saveLearnedBinding: { binding in
                MIDISetup.configValues(for: binding).compactMap { configuration.set($0.0, to: $0.1) }.first
            },
            saveWarning: { store.saveFailure?.description },
            connectOffered: { [service, sequencer] offered in
                guard let port = try await sequencer.ports().first(where: { OutputDestination($0).description == offered })
                else { throw MIDIOutputServiceError.notConnected }
                try await service.connect(to: port)
            })
        let controller = TrainerWiring.trainer(adapters, profile: profile, history: history,
                                               choices: choices)
        configuration.changed = { changed in
            controller.configurationChanged(breaks: changed.quietBreaks, binding: MIDISetup.binding(changed.controller),
                                            triggers: MIDISetup.triggers(changed.controller))
            controller.userStopFade = changed.safety.fadeDuration
            let volume = Double(changed.safety.volumePercent)
            Task { try? await service.setVolume(percent: volume) }
        }
        let stateTask = Task { for await state in await service.states() { controller.outputStateChanged(state) } }

        let plain = context.options.plain || isatty(STDIN_FILENO) != 1 || isatty(STDOUT_FILENO) != 1
        let interface: any TrainerInterface
        let pump: (input: AsyncStream<UserInput>, signals: AsyncStream<ProcessSignal>)
        let controllerStatus = DeviceStatus(name: inputs.isEmpty ? "keyboard only" : inputs.joined(separator: ", "),
                                            state: inputs.isEmpty ? .none : .connected)
        let info: @MainActor () -> InfoScreenModel = {
            InfoScreenModel(version: PeachApp.version, licence: PeachApp.licence, dataDirectory: context.dataDirectory.path,
                            configFile: context.configPath ?? "(none: defaults)",
                            synth: ScreenModels.synthStatus(controller.outputState), controller: controllerStatus,
                            velocityCeiling: config.safety.velocityCeiling, volumeCeiling: config.safety.volumeCeiling,
                            volumePercent: config.safety.volumePercent, synthCalibration: calibration?.summary)
        }
        if plain {
            pump = InputPump.start(.lines, logger: logger)
            interface = PlainLineInterface(
                modes: controller.modes, write: { console.out($0 + "\n") },
                info: { InfoScreen.render(info(), size: TerminalSize(columns: 100, rows: 20), style: Styler(.monochrome))
                    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } },
                profileReport: { ProfileReport.lines(profile: profile, history: history.recentRecords,
                                                     range: configuration.configuration.trainingSettings.noteRange) })
        } else {
            TerminalRestorer.installCrashHandlers()
            let terminal: TerminalSession
            do {
                terminal = try TerminalSession()
            } catch {
                console.err("peach: \(error)\n")
                await shutDown(service: service, fluidSynth: fluidSynth)
                return 1
            }
            logger.holdBack()
            pump = InputPump.start(.keys, logger: logger)
            let style = Styler(ColorMode.detect(environment: context.environment, outputIsTerminal: true))
            interface = FullScreenInterface(
                terminal: terminal, draw: { terminal.output.write($0) },
                size: { TerminalSize.current() ?? .standard }, style: style, configuration: configuration,
                info: info, controllerStatus: { controllerStatus })
        }

        let router = SequencerInputRouter(controller: controller) { event in
            if let interruption = await service.handle(event) { hub.publish(interruption) }
        }
        let hooks = TrainerRunner.Hooks(
            sequencerInput: { batch in await router.deliver(batch) },
            suspended: {
                hub.publish(.suspended)
                await service.interrupt(.suspended)
            })
        let runner = TrainerRunner(controller: controller, interface: interface, hooks: hooks)
        let status = await runner.run(keyboard: pump.input, sequencer: sequencer.inputs(), signals: pump.signals)

        stateTask.cancel()
        await shutDown(service: service, fluidSynth: fluidSynth)
        interface.close()
        logger.release()
        if let failure = store.saveFailure { console.err("peach: \(failure)\n") }
        return status
    }

    /// Every way out ends here: notes off and All Notes Off on every channel, then FluidSynth quits.
    static func shutDown(service: MIDIOutputService, fluidSynth: FluidSynthProcess?) async {
        await service.stop(fadeOut: nil)
        try? await service.stopAll()
        await fluidSynth?.stop()
    }

    /// Subscribes the controllers: the one named (aconnect syntax), else every hardware input that is
    /// not a synth. Returns their names for the screens; problems are warnings (the keyboard always works).
    static func connectControllers(_ context: Context, config: PeachConfiguration, sequencer: ALSASequencer,
                                   logger: ConsoleLogger) async -> [String] {
        do {
            let ports = try await sequencer.ports()
            let chosen: [SequencerPortInfo]
            if let named = context.options.inputPort ?? config.midi.inputPort {
                chosen = [try PortResolver(ports: ports, ownClient: sequencer.ownClient).resolve(named, for: .source)]
            } else {
                chosen = ControllerSelection.defaultInputs(from: ports, ownClient: sequencer.ownClient)
            }
            var names: [String] = []
            for port in chosen {
                try await sequencer.connectInput(from: port.address)
                names.append("\(port.clientName) (\(port.address))")
            }
            return names
        } catch {
            logger.log(.warning, "MIDI controller not connected: \(error). The computer keyboard works as always.")
            return []
        }
    }

    static func synth(_ choice: SynthChoice) -> MIDIConfiguration.Synth {
        switch choice {
        case .auto: .auto
        case .fluidsynth: .fluidsynth
        case .external: .external
        }
    }
}
