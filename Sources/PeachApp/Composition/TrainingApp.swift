import Foundation
import PeachALSA
import PeachConfig
import PeachCore
import PeachDisciplines
import PeachMIDI
import PeachPresentation
import PeachStore
import PeachTerminal
import PeachText
import PeachTrainer

/// The composition root of `peach` (training). `run` is its steps, in this order, each a named function:
///  1. configuration and the logger;
///  2. the history — the store is opened (a second Peach on the same data is refused before anything
///     sounds) and read into the profile and the trends; for `peach web`, its page is served from here on
///     (`EarlyPage`: the browser opens at once and shows steps 4 and 5 as they happen);
///  3. the sequencer client, and the guard that silences the synth however Peach ends;
///  4. the synth: the configured port, a connected synth, or a FluidSynth Peach starts;
///  5. its calibration (cached, or measured at start);
///  6. the output service, connected to the synth;
///  7. the MIDI controllers;
///  8. the trainer, wired to the store, profile and breaks (`TrainerWiring`), with the stored tap calibrations;
///  9. live configuration: edits of the configuration file reach the trainer;
/// 10. the interface, plain lines, full screen, or the page taken over by the trainer;
/// 11. the run, until the user quits or a signal ends it;
/// 12. shutdown: notes off, All Notes Off on every channel, FluidSynth quits, the terminal is restored.
/// A step that cannot go on says why and ends the run with status 1 (`StartupExit`); every later cleanup
/// of the steps before it still runs. `peach web` without a sequencer (step 3) or a synth (step 4) goes on without
/// sound instead (`soundlessPage`): the page opens and says what is missing.
@MainActor
enum TrainingApp {
    struct Context {
        var options: CommandLineOptions
        var environment: [String: String]
        var console: Console
        var dataDirectory: DataDirectory
        var configPath: String?
        /// `peach web`'s page, served from step 2 on (nil for the terminal).
        var page: EarlyPage?

        /// A startup step's line (FluidSynth starting, the calibration's progress): on the terminal, and on `peach web`'s
        /// page while it starts.
        var say: @Sendable (String) -> Void {
            if let page { return { page.say($0) } }
            let console = console
            return { console.err("peach: \($0)\n") }
        }
    }

    static func run(_ context: Context) async -> Int32 {
        var context = context
        let console = context.console
        let logger = ConsoleLogger(console: console)
        let configuration = liveConfiguration(context, logger: logger)
        do {
            let history = try LaunchHistory.load(context.dataDirectory, codecs: Disciplines.codecs, logger: logger,
                                                 console: console, alreadyRunning: { openRunningPage(context, pid: $0) })
            if case .web(let request) = context.options.command { context.page = try EarlyPage.start(context, request: request) }
            defer { context.page?.close() }
            let sequencer: ALSASequencer
            do {
                sequencer = try openSequencer(queueFrequency: configuration.configuration.queueFrequency, logger: logger,
                                              console: console)
            } catch {
                return try await soundlessPage(context, missing: error, history: history, configuration: configuration, logger: logger)
            }
            defer { sequencer.close() }
            let stuckNotes = StuckNoteGuard(sequencer: sequencer, logger: logger)
            defer { stuckNotes.cleanExit() }
            let synth: SynthConnection.Outcome
            do {
                synth = try await connectSynth(context, config: configuration.configuration, sequencer: sequencer)
            } catch {
                return try await soundlessPage(context, missing: error, history: history, configuration: configuration, logger: logger)
            }
            let port = synth.port, fluidSynth = synth.fluidSynth
            stuckNotes.synthStarted(fluidSynth)
            let calibration = await StartupCalibration.calibration(for: synth, configuration: configuration.configuration,
                                                                   dataDirectory: context.dataDirectory, say: context.say)
            let output = try await startOutput(configuration.configuration, port: port, fluidSynth: fluidSynth, calibration: calibration,
                                               sequencer: sequencer, stuckNotes: stuckNotes, logger: logger,
                                               console: console)
            let inputs = await connectControllers(context, config: configuration.configuration, sequencer: sequencer,
                                                  logger: logger)
            history.store.outputName = OutputDestination(port).description
            let latencies = timingLatencies(context, synth: calibration?.latency, logger: logger)
            let trainer = wireTrainer(history, output: output, configuration: configuration, sequencer: sequencer,
                                      latencies: latencies, logger: logger)
            followConfiguration(configuration, trainer: trainer.controller, service: output.service)
            let interface = try await makeInterface(context, trainer: trainer, history: history, configuration: configuration,
                                              inputs: inputs, calibration: calibration, logger: logger,
                                              shutDown: { await shutDown(service: output.service, fluidSynth: fluidSynth) })
            let status = await runTrainer(trainer, interface: interface, output: output, sequencer: sequencer)
            await shutDown(service: output.service, fluidSynth: fluidSynth)
            interface.close()
            logger.release()
            if let failure = history.store.saveFailure { console.err("peach: \(failure)\n") }
            return status
        } catch {
            return error.status
        }
    }

    /// Step 2 for `peach web` when another Peach already trains on this data (the menu entry clicked twice): that
    /// Peach's page opened again, and said so; false when it has no page to open.
    static func openRunningPage(_ context: Context, pid: Int32?) -> Bool {
        guard case .web(let request) = context.options.command, request.openBrowser, let pid,
              BrowserOpener.openRunning(pid: pid, environment: context.environment, fallbackDirectory: context.dataDirectory.path)
        else { return false }
        context.console.out(tr(.webAlreadyRunning, ["pid": "\(pid)"]) + "\n")
        return true
    }

    /// Step 1: the configuration file, watched for edits; its diagnostics go to the logger.
    static func liveConfiguration(_ context: Context, logger: ConsoleLogger) -> LiveConfiguration {
        LiveConfiguration(path: context.configPath) { diagnostics in
            diagnostics.forEach { logger.log($0.severity == .error ? .error : .warning, $0.description) }
        }
    }

    /// Step 3: Peach's sequencer client.
    static func openSequencer(queueFrequency: Int, logger: ConsoleLogger, console: Console) throws(StartupExit) -> ALSASequencer {
        do {
            return try ALSASequencer(clientName: "Peach", queueFrequency: queueFrequency, logger: logger)
        } catch {
            console.err("peach: \(error)\n")
            throw StartupExit(reason: "\(error)")
        }
    }

    /// Step 12: every way out ends here: notes off and All Notes Off on every channel, then FluidSynth quits.
    static func shutDown(service: MIDIOutputService, fluidSynth: FluidSynthProcess?) async {
        await service.stop(fadeOut: nil)
        try? await service.stopAll()
        await fluidSynth?.stop()
    }

    static func synth(_ choice: SynthChoice) -> MIDIConfiguration.Synth {
        switch choice {
        case .auto: .auto
        case .fluidsynth: .fluidsynth
        case .external: .external
        }
    }
}

/// A start-up step could not go on; it has said why. The run ends with `status`.
struct StartupExit: Error {
    var status: Int32 = 1
    /// What could not be had, as it was printed (for the page of a run that goes on without sound).
    var reason: String?
}
