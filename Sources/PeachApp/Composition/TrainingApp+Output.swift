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

/// Steps 4 and 6 of the composition root: the synth, and the output service that plays to it.
extension TrainingApp {
    /// What step 6 built: the service every note goes through, and how it plays (channels, tuning).
    struct Output {
        let service: MIDIOutputService
        let playerConfiguration: MidiNotePlayerConfiguration
        /// What the player's profile rests on, stamped on every pitch record (`MIDISetup.pitchBasis`).
        let pitchBasis: PlayedPitchBasis
        let clock: SystemTrainingClock

        /// The timing disciplines' rhythm player: clicks on the queue through the service's ceiling,
        /// fades and stops (`MIDIOutputService.rhythmPlayer`).
        var rhythmPlayer: any RhythmPlayer { service.rhythmPlayer }
    }

    /// Step 4: the configured port, a connected synth, or a FluidSynth Peach starts (`SynthConnection`).
    static func connectSynth(_ context: Context, config: PeachConfiguration,
                             sequencer: ALSASequencer) async throws(StartupExit) -> SynthConnection.Outcome {
        var choice = SynthConnection(
            requestedPort: context.options.outputPort ?? config.midi.outputPort,
            synth: context.options.synth.map(Self.synth) ?? config.midi.synth,
            soundFont: context.options.soundFont ?? config.midi.soundFont,
            audioDriver: context.options.audioDriver ?? config.midi.audioDriver)
        choice.strict = context.options.outputPort != nil || config.midi.onlyChosenSynth
        do {
            return try await choice.connect(directory: sequencer, starting: context.say)
        } catch {
            context.console.err("peach: \(error)\n")
            throw StartupExit(reason: "\(error)")
        }
    }

    /// Step 6: the output service with the configured ceiling, fades and channels, connected to the synth.
    /// If it cannot connect, a FluidSynth Peach started is stopped again.
    static func startOutput(_ config: PeachConfiguration, port destination: SequencerPortInfo,
                            fluidSynth: FluidSynthProcess?, calibration: SynthCalibration?,
                            sequencer: ALSASequencer, stuckNotes: StuckNoteGuard, logger: ConsoleLogger,
                            console: Console) async throws(StartupExit) -> Output {
        let clock = SystemTrainingClock()
        let playerConfiguration = MIDISetup.playerConfiguration(config.midi, safety: config.safety, destination: destination,
                                                                calibration: calibration)
        // The rhythm's channel (GM drums, channel 10) is silenced by the crash handler and the guardian too.
        let rhythm = MIDISetup.rhythmSound(config.clickSound).avoiding(playerConfiguration.channels)
        let tracked = stuckNotes.tracking(sequencer, channels: playerConfiguration.channels + [rhythm.channel])
        let service = MIDIOutputService(port: tracked,
                                        directory: sequencer, ownOutput: sequencer.outputAddress,
                                        clock: clock, configuration: playerConfiguration,
                                        fadeDuration: config.safety.fadeDuration,
                                        volumePercent: Double(config.safety.volumePercent),
                                        offering: config.midi.onlyChosenSynth ? .specification(destination.clientName) : .automaticSynth,
                                        routes: sequencer, echoes: TrackedTapEchoes(sequencer, listingIn: tracked),
                                        logger: logger, rhythm: rhythm)
        stuckNotes.watch(service)
        do {
            try await service.connect(to: destination)
        } catch {
            console.err("peach: " + tr(.synthCannotConnect, ["destination": "\(OutputDestination(destination))", "error": "\(error)"]) + "\n")
            await fluidSynth?.stop()
            throw StartupExit()
        }
        let basis = MIDISetup.pitchBasis(config.midi.synthProfile, destination: destination, calibration: calibration)
        return Output(service: service, playerConfiguration: playerConfiguration,
                      pitchBasis: PlayedPitchBasis(wired: destination, basis: basis), clock: clock)
    }
}

extension SynthConnection.Outcome {
    /// The FluidSynth Peach started (and must stop), if it started one.
    var fluidSynth: FluidSynthProcess? {
        if case .launched(_, let process) = self { return process }
        return nil
    }
}
