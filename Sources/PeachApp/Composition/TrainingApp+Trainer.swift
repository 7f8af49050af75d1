import Foundation
import PeachALSA
import PeachConfig
import PeachCore
import PeachMIDI
import PeachPresentation
import PeachStore
import PeachTerminal
import PeachText
import PeachTrainer

/// Steps 7 to 9 of the composition root: controllers, the trainer's wiring, and live configuration.
extension TrainingApp {
    /// What step 8 built: the controller the interface drives, and what feeds it.
    struct Trainer {
        let controller: TrainerController
        let hub: InterruptionHub
    }

    /// Step 7: subscribes the controllers: the one named (aconnect syntax), else every hardware input that is
    /// not a synth. Returns their names for the screens; problems are warnings (the keyboard always works).
    static func connectControllers(_ context: Context, config: PeachConfiguration, sequencer: ALSASequencer,
                                   logger: ConsoleLogger) async -> [String] {
        let names: [String]
        do {
            let ports = try await sequencer.ports()
            let chosen: [SequencerPortInfo]
            if let named = context.options.inputPort ?? config.midi.inputPort {
                chosen = [try PortResolver(ports: ports, ownClient: sequencer.ownClient).resolve(named, for: .source)]
            } else {
                chosen = ControllerSelection.defaultInputs(from: ports, ownClient: sequencer.ownClient)
            }
            var connected: [String] = []
            for port in chosen {
                try await sequencer.connectInput(from: port.address)
                connected.append("\(port.clientName) (\(port.address))")
            }
            names = connected
        } catch {
            logger.log(.warning, tr(.consoleControllerNotConnected, ["error": "\(error)"]))
            names = []
        }
        context.console.err(names.isEmpty
                            ? "peach: " + tr(.controllerNoneConnected) + "\n"
                            : "peach: " + tr(.controllerConnected, ["names": names.joined(separator: ", ")]) + "\n")
        return names
    }

    /// Step 8: the trainer, wired once (`TrainerWiring`): records go to the store and the profile; taps are
    /// corrected by the stored tap calibrations and the synth's measured latency.
    static func wireTrainer(_ history: LaunchHistory, output: Output, configuration: LiveConfiguration,
                            sequencer: ALSASequencer, latencies: TimingLatencies, logger: ConsoleLogger) -> Trainer {
        let hub = InterruptionHub()
        let config = configuration.configuration
        let service = output.service
        let store = history.store
        let played = output.pitchBasis
        let settings = SynthLimitedSettings(configuration, resolution: output.playerConfiguration.tuning.smallestStep)
        let adapters = TrainerWiring.Adapters(store: store, notePlayer: service, rhythmPlayer: output.rhythmPlayer, output: service,
                                              settings: settings,
                                              clock: output.clock, logger: logger, interruptions: hub,
                                              outputName: { store.outputName }, pitchBasis: { played.current },
                                              timingLatencies: latencies)
        let controller = TrainerWiring.trainer(adapters, profile: history.profile,
                                               choices: choices(config, hooks: hooks(configuration, output: output, store: store,
                                                                                     sequencer: sequencer)))
        return Trainer(controller: controller, hub: hub)
    }

    /// The breaks, the controller's decoder and the stop's fade from the configuration, and the app's `hooks`.
    static func choices(_ config: PeachConfiguration, hooks: TrainerHooks) -> TrainerWiring.Choices {
        TrainerWiring.Choices(breaks: QuietBreakSchedule(settings: config.quietBreaks), decoder: MIDISetup.decoder(config.controller),
                              userStopFade: config.safety.fadeDuration, hooks: hooks)
    }

    /// How the app answers the trainer: a learned control goes to the configuration file, the store says why it
    /// cannot save, an offered synth is connected (and later records name it), taps are named by their device.
    static func hooks(_ configuration: LiveConfiguration, output: Output, store: TrainingStore,
                      sequencer: ALSASequencer) -> TrainerHooks {
        let service = output.service
        let played = output.pitchBasis
        var hooks = savingHooks(configuration, store: store)
        hooks.connectOffered = { [service, sequencer] offered in
            guard let port = try await sequencer.ports().first(where: { OutputDestination($0).description == offered })
            else { throw MIDIOutputServiceError.notConnected }
            try await service.connect(to: port)
            // Later records name the synth they were played on, and claim nothing measured on another one.
            store.outputName = OutputDestination(port).description
            played.connected(to: port)
        }
        hooks.tapDevice = TapDeviceNames(ports: { try await sequencer.ports() }).name(of:)
        return hooks
    }

    /// The hooks that need no synth: a learned control goes to the configuration file, the store says why it cannot save.
    static func savingHooks(_ configuration: LiveConfiguration, store: TrainingStore) -> TrainerHooks {
        TrainerHooks(saveLearnedBinding: { binding in
                         MIDISetup.configValues(for: binding).compactMap { configuration.set($0.0, to: $0.1) }.first
                     },
                     saveWarning: { store.saveFailure?.description })
    }

    /// Step 9: edits of the configuration file reach the trainer (breaks, controller, fade) and the volume (none
    /// without a synth).
    static func followConfiguration(_ configuration: LiveConfiguration, trainer: TrainerController,
                                    service: MIDIOutputService?) {
        configuration.changed = { changed in
            trainer.configurationChanged(breaks: changed.quietBreaks, binding: MIDISetup.binding(changed.controller),
                                         triggers: MIDISetup.triggers(changed.controller))
            trainer.userStopFade = changed.safety.fadeDuration
            guard let service else { return }
            let volume = Double(changed.safety.volumePercent)
            Task { try? await service.setVolume(percent: volume) }
        }
    }

    /// The tap calibrations stored in the data directory and the synth's measured MIDI-to-sound latency. A file
    /// that cannot be read is a warning: taps stay uncorrected until calibrated again.
    static func timingLatencies(_ context: Context, synth: MeasuredLatency?, logger: ConsoleLogger) -> TimingLatencies {
        let file = TapCalibrationFile(dataDirectory: context.dataDirectory)
        do {
            return TimingLatencies(synth: synth, taps: try file.load(), store: file)
        } catch {
            logger.log(.warning, "\(error)")
            return TimingLatencies(synth: synth, store: file)
        }
    }
}
