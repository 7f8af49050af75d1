import PeachCore

/// [midi] as typed values. Choices are plain enums here; the app maps them onto its own types.
public struct MIDIConfiguration: Hashable, Sendable {
    public enum Synth: String, CaseIterable, Sendable { case auto, fluidsynth, external }
    public enum SynthProfile: String, CaseIterable, Sendable { case auto, fluidsynth, generic }

    public var outputPort: String?
    public var inputPort: String?
    public var synth: Synth
    public var soundFont: String?
    /// nil = choose automatically.
    public var audioDriver: String?
    public var onlyChosenSynth: Bool
    /// 1...16 as the user counts them.
    public var referenceChannel: Int
    public var tunableChannel: Int
    public var program: Int
    public var bank: Int
    public var bendRangeSemitones: Int
    public var synthProfile: SynthProfile
}

/// [rhythm]'s click sound as typed values: the voice, and each role's key (nil: the voice's own) and velocity.
public struct ClickSoundConfiguration: Hashable, Sendable {
    public enum Voice: String, CaseIterable, Sendable { case percussion, pitched }

    public var voice: Voice
    public var clickNote: MIDINote?
    public var accentNote: MIDINote?
    public var tapNote: MIDINote?
    public var clickVelocity: Int
    public var accentVelocity: Int
    public var tapVelocity: Int
}

/// [controller] as typed values.
public struct ControllerConfiguration: Hashable, Sendable {
    public enum Mode: String, CaseIterable, Sendable {
        case cc7, cc14
        case relativeTwosComplement = "relative-twos"
        case relativeOffset = "relative-offset"
        case relativeSignMagnitude = "relative-sign"
        case pitchBend = "pitchbend"
        case none
    }

    public var mode: Mode
    public var controllerNumber: Int
    /// 1...16, nil = any channel.
    public var channel: Int?
    public var commitTrigger: CommitTrigger
    public var answerHigherNote: MIDINote?
    public var answerLowerNote: MIDINote?
    /// Pitch wheel (mode = pitchbend): ± positions of 8192 around centre that count as rest.
    public var wheelDeadZone: Int
    /// Pitch wheel: how long it must stay still for its pitch to be the one committed on release.
    public var wheelHoldTime: Duration
}

/// [safety] as typed values.
public struct SafetyConfiguration: Hashable, Sendable {
    public var velocityCeiling: Int
    public var volumeCeiling: Int
    public var volumePercent: Int
    public var fadeDuration: Duration
}

extension PeachConfiguration {
    /// The core settings the sessions read live, once per trial (the disciplines add theirs:
    /// `Disciplines.trainingSettings(from:)`).
    public var coreTrainingSettings: TrainingSettings {
        let fallback = TrainingSettings.defaults
        let lowest = note(ConfigSchema.lowestNote) ?? fallback.noteRange.lowerBound
        let highest = note(ConfigSchema.highestNote) ?? fallback.noteRange.upperBound
        return TrainingSettings(
            noteRange: lowest <= highest ? lowest...highest : fallback.noteRange,
            noteDuration: .seconds(decimal(ConfigSchema.noteDuration)),
            referencePitch: ReferencePitch(hertz: decimal(ConfigSchema.referencePitch)) ?? fallback.referencePitch,
            velocity: MIDIVelocity(clamping: integer(ConfigSchema.velocity)),
            intervals: self[ConfigSchema.intervals].intervalsValue ?? fallback.intervals,
            tuningSystem: tuningFiles.tuningSystem(named: text(ConfigSchema.tuningSystem),
                                                   mappingPath: text(ConfigSchema.keyboardMapping)),
            intervalPresentation: text(ConfigSchema.intervalPresentation) == "harmonic" ? .harmonic : .melodic)
    }

    public var midi: MIDIConfiguration {
        let driver = text(ConfigSchema.audioDriver)
        return MIDIConfiguration(
            outputPort: optionalText(ConfigSchema.outputPort),
            inputPort: optionalText(ConfigSchema.inputPort),
            synth: MIDIConfiguration.Synth(rawValue: text(ConfigSchema.synth)) ?? .auto,
            soundFont: optionalText(ConfigSchema.soundFont),
            audioDriver: driver == "auto" ? nil : driver,
            onlyChosenSynth: boolean(ConfigSchema.onlyChosenSynth),
            referenceChannel: integer(ConfigSchema.referenceChannel),
            tunableChannel: integer(ConfigSchema.tunableChannel),
            program: integer(ConfigSchema.program),
            bank: integer(ConfigSchema.bank),
            bendRangeSemitones: integer(ConfigSchema.bendRange),
            synthProfile: MIDIConfiguration.SynthProfile(rawValue: text(ConfigSchema.synthProfile)) ?? .auto)
    }

    /// How often Peach's sequencer queue wakes, Hz; read when the sequencer opens, at start.
    public var queueFrequency: Int { integer(ConfigSchema.queueFrequency) }

    public var clickSound: ClickSoundConfiguration {
        ClickSoundConfiguration(
            voice: ClickSoundConfiguration.Voice(rawValue: text(ConfigSchema.clickSound)) ?? .percussion,
            clickNote: note(ConfigSchema.clickNote), accentNote: note(ConfigSchema.accentNote), tapNote: note(ConfigSchema.tapNote),
            clickVelocity: integer(ConfigSchema.clickVelocity), accentVelocity: integer(ConfigSchema.accentVelocity),
            tapVelocity: integer(ConfigSchema.tapVelocity))
    }

    public var controller: ControllerConfiguration {
        ControllerConfiguration(
            mode: ControllerConfiguration.Mode(rawValue: text(ConfigSchema.controllerMode)) ?? .cc7,
            controllerNumber: integer(ConfigSchema.controllerCC),
            channel: self[ConfigSchema.controllerChannel].channelValue ?? nil,
            commitTrigger: self[ConfigSchema.commitTrigger].commitTriggerValue ?? .sustainPedal,
            answerHigherNote: note(ConfigSchema.answerHigherNote),
            answerLowerNote: note(ConfigSchema.answerLowerNote),
            wheelDeadZone: integer(ConfigSchema.wheelDeadZone),
            wheelHoldTime: .milliseconds(integer(ConfigSchema.wheelHold)))
    }

    public var safety: SafetyConfiguration {
        SafetyConfiguration(
            velocityCeiling: integer(ConfigSchema.velocityCeiling),
            volumeCeiling: integer(ConfigSchema.volumeCeiling),
            volumePercent: integer(ConfigSchema.volumePercent),
            fadeDuration: .seconds(decimal(ConfigSchema.fadeSeconds)))
    }

    public var quietBreaks: QuietBreakSchedule.Settings {
        QuietBreakSchedule.Settings(
            enabled: boolean(ConfigSchema.breaksEnabled),
            trainingTime: .seconds(decimal(ConfigSchema.trainingMinutes) * 60),
            breakTime: .seconds(decimal(ConfigSchema.breakMinutes) * 60))
    }

    public var bellEnabled: Bool { boolean(ConfigSchema.bell) }
}
