import PeachConfig
import PeachCore
import PeachMIDI
import PeachTrainer

/// Turns the configuration's [midi], [controller] and [safety] sections into the MIDI layer's types.
/// Pure, so every mapping is tested without a sequencer.
public enum MIDISetup {
    /// `calibration`: what listening to this synth measured; it replaces the built-in profile unless
    /// the configuration forces the generic one.
    public static func playerConfiguration(_ midi: MIDIConfiguration, safety: SafetyConfiguration,
                                           destination: SequencerPortInfo?,
                                           calibration: SynthCalibration? = nil) -> MidiNotePlayerConfiguration {
        let channels = [midi.referenceChannel, midi.tunableChannel].compactMap { MIDIChannel(displayNumber: $0) }
        return MidiNotePlayerConfiguration(
            channels: channels.count == 2 ? channels : MidiNotePlayerConfiguration.defaultChannels,
            bendRange: BendRange(semitones: midi.bendRangeSemitones),
            profile: synthProfile(midi.synthProfile, destination: destination, calibration: calibration),
            instrument: InstrumentSelection(program: midi.program, bankMSB: midi.bank),
            ceiling: OutputCeiling(velocity: safety.velocityCeiling, channelVolume: safety.volumeCeiling))
    }

    /// `auto`: FluidSynth's measured profile for a FluidSynth port (ours is "Peach FluidSynth …"),
    /// the ideal General MIDI profile for anything else.
    public static func synthProfile(_ choice: MIDIConfiguration.SynthProfile, destination: SequencerPortInfo?,
                                    calibration: SynthCalibration? = nil) -> SynthProfile {
        let builtIn = builtInProfile(choice, destination: destination)
        guard let calibration = usedCalibration(choice, calibration) else { return builtIn }
        return calibration.profile(basedOn: builtIn)
    }

    /// What every presented pitch of the run rests on, decided by what `synthProfile` uses: a calibration it
    /// uses measured the synth; else FluidSynth's built-in profile rests on documented measurements; the
    /// General MIDI profile on nothing measured about this synth.
    public static func pitchBasis(_ choice: MIDIConfiguration.SynthProfile, destination: SequencerPortInfo?,
                                  calibration: SynthCalibration? = nil) -> PitchBasis {
        if usedCalibration(choice, calibration) != nil { return .measured }
        return builtInProfile(choice, destination: destination) == .generalMIDI ? .assumed : .builtIn
    }

    private static func builtInProfile(_ choice: MIDIConfiguration.SynthProfile,
                                       destination: SequencerPortInfo?) -> SynthProfile {
        switch choice {
        case .fluidsynth: .fluidSynth2
        case .generic: .generalMIDI
        case .auto:
            destination.map { $0.clientName.lowercased().contains("fluid") } == true ? .fluidSynth2 : .generalMIDI
        }
    }

    /// `generic` forces the ideal profile even where a calibration exists.
    private static func usedCalibration(_ choice: MIDIConfiguration.SynthProfile,
                                        _ calibration: SynthCalibration?) -> SynthCalibration? {
        choice == .generic ? nil : calibration
    }

    /// [rhythm]'s click sound: the voice's own keys where none is configured, the configured velocities.
    public static func rhythmSound(_ configuration: ClickSoundConfiguration) -> RhythmSound {
        let base: RhythmSound = switch configuration.voice {
        case .percussion: .percussion
        case .pitched: .pitched
        }
        func stroke(_ own: RhythmSound.Stroke, _ note: MIDINote?, _ velocity: Int) -> RhythmSound.Stroke {
            RhythmSound.Stroke(note: note ?? own.note, velocity: UInt8(clamping: velocity))
        }
        return RhythmSound(voice: base.voice, click: stroke(base.click, configuration.clickNote, configuration.clickVelocity),
                           accent: stroke(base.accent, configuration.accentNote, configuration.accentVelocity),
                           tap: stroke(base.tap, configuration.tapNote, configuration.tapVelocity), length: base.length)
    }

    public static func binding(_ controller: ControllerConfiguration) -> ControllerBinding? {
        let number = UInt8(clamping: controller.controllerNumber)
        let source: ControllerSource
        switch controller.mode {
        case .none: return nil
        case .cc7: source = .absolute7Bit(controller: number)
        case .cc14: source = .absolute14Bit(msb: min(number, 31))
        case .relativeTwosComplement: source = .relative(controller: number, encoding: .twosComplement)
        case .relativeOffset: source = .relative(controller: number, encoding: .binaryOffset)
        case .relativeSignMagnitude: source = .relative(controller: number, encoding: .signMagnitude)
        case .pitchBend: source = .pitchWheel
        }
        let channel = controller.channel.flatMap { MIDIChannel(displayNumber: $0) }.map(ChannelFilter.only) ?? .any
        return ControllerBinding(source: source, channel: channel)
    }

    /// The config values that bring `binding` back at the next start (what MIDI-learn saves):
    /// the inverse of `binding(_:)`.
    public static func configValues(for binding: ControllerBinding) -> [(ConfigKey, ConfigValue)] {
        let mode: String
        var number: Int?
        switch binding.source {
        case .absolute7Bit(let controller): mode = "cc7"; number = Int(controller)
        case .absolute14Bit(let msb): mode = "cc14"; number = Int(msb)
        case .relative(let controller, let encoding):
            number = Int(controller)
            switch encoding {
            case .twosComplement: mode = "relative-twos"
            case .binaryOffset: mode = "relative-offset"
            case .signMagnitude: mode = "relative-sign"
            }
        case .pitchWheel: mode = "pitchbend"
        }
        let channel: Int? = switch binding.channel {
        case .any: nil
        case .only(let channel): channel.displayNumber
        }
        return [(ConfigSchema.controllerMode, .text(mode)), (ConfigSchema.controllerChannel, .channel(channel))]
            + (number.map { [(ConfigSchema.controllerCC, ConfigValue.integer($0))] } ?? [])
    }

    /// "sustain" keeps the documented default pair (pedal press or any key); the others are exact.
    /// The pitch wheel's dead zone and hold time ride along: its return to rest commits.
    public static func triggers(_ controller: ControllerConfiguration) -> ControllerTriggers {
        let commit: Set<ControllerTriggers.Commit>
        switch controller.commitTrigger {
        case .none: commit = []
        case .sustainPedal: commit = [.sustainPedal, .anyNoteOn]
        case .note(let note): commit = [.note(note)]
        case .controlChange(let number): commit = [.controllerButton(UInt8(clamping: number))]
        }
        return ControllerTriggers(commit: commit, higherNote: controller.answerHigherNote, lowerNote: controller.answerLowerNote,
                                  wheel: PitchWheelSettings(deadZone: controller.wheelDeadZone, holdTime: controller.wheelHoldTime))
    }

    public static func decoder(_ controller: ControllerConfiguration) -> ControllerDecoder {
        ControllerDecoder(binding: binding(controller), triggers: triggers(controller))
    }
}
