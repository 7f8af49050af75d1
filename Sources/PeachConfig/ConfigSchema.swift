import PeachCore

/// Every key Peach reads from its configuration file. Ranges come from PeachCore where it defines
/// them, so the file, the Settings screen and the sessions agree.
public enum ConfigSchema {
    // MARK: [training]
    public static let lowestNote = ConfigKey(
        section: "training", name: "lowest_note", kind: .note(MIDINote.lowest...MIDINote.highest, allowsNone: false),
        defaultValue: .note(TrainingSettings.defaults.noteRange.lowerBound), label: "Lowest note",
        documentation: "Lowest note trials are drawn from, by name (C4 is middle C; C#4 or Db4 for accidentals).")
    public static let highestNote = ConfigKey(
        section: "training", name: "highest_note", kind: .note(MIDINote.lowest...MIDINote.highest, allowsNone: false),
        defaultValue: .note(TrainingSettings.defaults.noteRange.upperBound), label: "Highest note",
        documentation: "Highest note trials are drawn from; must not be below lowest_note.")
    public static let noteDuration = ConfigKey(
        section: "training", name: "note_duration", kind: .decimal(TrainingSettings.allowedNoteDurationSeconds, unit: "seconds"),
        defaultValue: .decimal(TrainingSettings.defaults.noteDuration.timeInterval), label: "Note duration",
        documentation: "How long each note sounds, in seconds.")
    public static let referencePitch = ConfigKey(
        section: "training", name: "reference_pitch", kind: .decimal(ReferencePitch.allowedHertz, unit: "Hz"),
        defaultValue: .decimal(TrainingSettings.defaults.referencePitch.hertz), label: "Reference pitch (A4)",
        documentation: "Frequency of A4 in Hz that every note's pitch is computed from.")
    public static let naturalVsMechanical = ConfigKey(
        section: "training", name: "natural_vs_mechanical", kind: .decimal(0...1, unit: nil),
        defaultValue: .decimal(TrainingSettings.defaults.naturalVsMechanical), label: "Natural ↔ mechanical",
        documentation: "0 = natural (stay near the previous note), 1 = mechanical (jump to your weakest notes).")
    public static let velocity = ConfigKey(
        section: "training", name: "velocity", kind: .integer(MIDIVelocity.validRange, unit: nil),
        defaultValue: .integer(TrainingSettings.defaults.velocity.rawValue), label: "Loudness (velocity)",
        documentation: "Note-on velocity of the training notes (never above [safety] velocity_ceiling).")
    public static let amplitudeVariation = ConfigKey(
        section: "training", name: "amplitude_variation", kind: .decimal(allowedAmplitudeVariationDB, unit: "dB"),
        defaultValue: .decimal(TrainingSettings.defaults.amplitudeVariationDB), label: "Loudness variation",
        documentation: "Random loudness difference between the two notes of a comparison, ± dB (0 = none).")
    public static let minimumCentDifference = ConfigKey(
        section: "training", name: "min_cent_difference", kind: .decimal(TrainingSettings.allowedCentDifference, unit: "cents"),
        defaultValue: .decimal(TrainingSettings.defaults.minimumCentDifference.value), label: "Smallest difference",
        documentation: "Smallest pitch difference a comparison may use, in cents.")
    public static let maximumCentDifference = ConfigKey(
        section: "training", name: "max_cent_difference", kind: .decimal(TrainingSettings.allowedCentDifference, unit: "cents"),
        defaultValue: .decimal(TrainingSettings.defaults.maximumCentDifference.value), label: "Largest difference",
        documentation: "Largest pitch difference a comparison may use (and starts from), in cents; not below min_cent_difference.")
    public static let maxInitialOffset = ConfigKey(
        section: "training", name: "max_initial_offset", kind: .decimal(TrainingSettings.allowedMaxInitialOffset, unit: "cents"),
        defaultValue: .decimal(TrainingSettings.defaults.maxInitialCentOffset.value), label: "Pitch matching start offset",
        documentation: "Largest starting offset of the note you tune in pitch matching, ± cents.")

    public static let intervals = ConfigKey(
        section: "training", name: "intervals", kind: .intervals,
        defaultValue: .intervals(TrainingSettings.defaults.intervals), label: "Intervals",
        documentation: "Interval modes: the intervals each trial draws one of; a direction word (up, down, both) applies to the names before it, e.g. P5 up P4 M3 down.")
    public static let tuningSystem = ConfigKey(
        section: "training", name: "tuning_system", kind: .choice(["equal", "just"]), defaultValue: .text("equal"),
        label: "Tuning system",
        documentation: "Interval modes: equal (12-TET) or just (5-limit just intonation relative to the lower note: every fifth pure).")
    public static let intervalPresentation = ConfigKey(
        section: "training", name: "interval_presentation", kind: .choice(["melodic", "harmonic"]),
        defaultValue: .text("melodic"), label: "Interval presentation",
        documentation: "Interval modes: melodic (one note after the other) or harmonic (together; in matching the reference keeps sounding).")
    public static let measurementTrials = ConfigKey(
        section: "training", name: "measurement_trials",
        kind: .integer(TrainingSettings.allowedMeasurementTrialPeriods, unit: nil),
        defaultValue: .integer(TrainingSettings.defaults.measurementTrialPeriod), label: "Measurement trials (1 in N)",
        documentation: "Comparison training: every Nth trial is placed where the threshold estimate learns most (you cannot tell which); 0 or 1 = none.")

    // MARK: [threshold_test]
    public static let thresholdTestPrecision = ConfigKey(
        section: "threshold_test", name: "precision",
        kind: .decimal(ThresholdTestStopRule.allowedPrecision,
                       unit: "(upper / lower of the 95 % interval; smaller = more precise and longer, e.g. 2.5)"),
        defaultValue: .decimal(ThresholdTestStopRule.defaultPrecision), label: "Test precision (×)",
        documentation: "The threshold test stops once its 95 % interval's upper / lower is at most this (2.5 takes about 80-110 answers untrained, fewer after training).")
    public static let thresholdTestMaximumTrials = ConfigKey(
        section: "threshold_test", name: "max_trials",
        kind: .integer(ThresholdTestStopRule.allowedMaximumTrials, unit: "trials"),
        defaultValue: .integer(ThresholdTestStopRule.defaultMaximumTrials), label: "Test trial cap",
        documentation: "The threshold test stops here even if the precision is not reached (the result card says so).")

    // MARK: [rhythm]
    public static let tempo = ConfigKey(
        section: "rhythm", name: "tempo", kind: .integer(TempoBPM.trainable, unit: "BPM"),
        defaultValue: .integer(TrainingSettings.defaults.tempo.rawValue), label: "Tempo",
        documentation: "Compare timing and fill the gap: the tempo in quarter notes per minute; both play sixteenth notes of it.")
    /// The subsets of a cycle's four steps a gap may be drawn from (1-based, as a musician counts them).
    public static let gapPositionChoices = ["all", "1", "2", "3", "4", "2 4", "1 3", "2 3 4"]
    public static let gapPositions = ConfigKey(
        section: "rhythm", name: "gap_positions", kind: .choice(gapPositionChoices), defaultValue: .text("all"),
        label: "Gap positions",
        documentation: "Fill the gap: the steps (1-4 of each group of four sixteenths) the silent step is drawn from.")

    public static let clickSound = ConfigKey(
        section: "rhythm", name: "click_sound", kind: .choice(["percussion", "pitched"]), defaultValue: .text("percussion"),
        label: "Click sound",
        documentation: "percussion: General MIDI drums on channel 10 (wood blocks); pitched: a woodblock program (GM 116) on a channel of its own, for synths without drums.")
    public static let clickNote = ConfigKey(
        section: "rhythm", name: "click_note", kind: .note(MIDINote.lowest...MIDINote.highest, allowsNone: true),
        defaultValue: .note(nil), label: "Click key",
        documentation: "The key of a plain click (F5 = 77, GM Low Wood Block); none = the sound's own (F5 for percussion, G5 pitched).")
    public static let accentNote = ConfigKey(
        section: "rhythm", name: "accent_note", kind: .note(MIDINote.lowest...MIDINote.highest, allowsNone: true),
        defaultValue: .note(nil), label: "Accent key",
        documentation: "The key of the accented first step (E5 = 76, GM Hi Wood Block); none = the sound's own (E5 for percussion, C6 pitched).")
    public static let tapNote = ConfigKey(
        section: "rhythm", name: "tap_note", kind: .note(MIDINote.lowest...MIDINote.highest, allowsNone: true),
        defaultValue: .note(nil), label: "Tap sound key",
        documentation: "The key that confirms a tap in fill the gap (C#2 = 37, GM Side Stick); none = the sound's own (C#2 for percussion, C5 pitched).")
    public static let clickVelocity = ConfigKey(
        section: "rhythm", name: "click_velocity", kind: .integer(MIDIVelocity.validRange, unit: nil),
        defaultValue: .integer(80), label: "Click velocity",
        documentation: "Note-on velocity of a plain click (never above [safety] velocity_ceiling).")
    public static let accentVelocity = ConfigKey(
        section: "rhythm", name: "accent_velocity", kind: .integer(MIDIVelocity.validRange, unit: nil),
        defaultValue: .integer(110), label: "Accent velocity",
        documentation: "Note-on velocity of the accented first step (never above [safety] velocity_ceiling).")
    public static let tapVelocity = ConfigKey(
        section: "rhythm", name: "tap_velocity", kind: .integer(MIDIVelocity.validRange, unit: nil),
        defaultValue: .integer(70), label: "Tap sound velocity",
        documentation: "Note-on velocity of the tap confirmation (never above [safety] velocity_ceiling).")

    // MARK: [midi]
    public static let outputPort = ConfigKey(
        section: "midi", name: "output_port", kind: .text(emptyMeans: "automatic"), defaultValue: .text(""),
        label: "Output port", documentation: "MIDI output as aconnect accepts it (128:0, 128, or a name); empty = automatic.")
    public static let inputPort = ConfigKey(
        section: "midi", name: "input_port", kind: .text(emptyMeans: "every hardware input that is not a synth"),
        defaultValue: .text(""), label: "Controller input",
        documentation: "Controller input port as aconnect accepts it; empty = every hardware input that is not a synth.")
    public static let synth = ConfigKey(
        section: "midi", name: "synth", kind: .choice(["auto", "fluidsynth", "external"]), defaultValue: .text("auto"),
        label: "Synth", documentation: "auto: a synth port if one exists, else start FluidSynth; fluidsynth: always start it; external: never.")
    public static let soundFont = ConfigKey(
        section: "midi", name: "soundfont", kind: .text(emptyMeans: "the default GM SoundFont"), defaultValue: .text(""),
        label: "SoundFont", documentation: "SoundFont file for FluidSynth; empty = /usr/share/sounds/sf2/default-GM.sf2 or FluidR3_GM.sf2.")
    public static let audioDriver = ConfigKey(
        section: "midi", name: "audio_driver", kind: .choice(["auto", "pipewire", "pulseaudio", "alsa", "jack"]),
        defaultValue: .text("auto"), label: "Audio driver",
        documentation: "FluidSynth audio driver; auto = PipeWire, else PulseAudio, else ALSA, else JACK.")
    public static let onlyChosenSynth = ConfigKey(
        section: "midi", name: "only_chosen_synth", kind: .boolean, defaultValue: .boolean(false),
        label: "Only play to the chosen synth", documentation: "on: never fall back to another port when the synth disappears.")
    public static let referenceChannel = ConfigKey(
        section: "midi", name: "reference_channel", kind: .integer(1...16, unit: nil), defaultValue: .integer(1),
        label: "Reference channel", documentation: "MIDI channel (1-16) of the reference notes.")
    public static let tunableChannel = ConfigKey(
        section: "midi", name: "tunable_channel", kind: .integer(1...16, unit: nil), defaultValue: .integer(2),
        label: "Tunable channel", documentation: "MIDI channel (1-16) of the bent notes; differs from reference_channel so bends never touch the reference.")
    public static let program = ConfigKey(
        section: "midi", name: "program", kind: .integer(0...127, unit: nil), defaultValue: .integer(0),
        label: "Synth program", documentation: "General MIDI program number 0-127 (0 = Acoustic Grand Piano).")
    public static let bank = ConfigKey(
        section: "midi", name: "bank", kind: .integer(0...16383, unit: nil), defaultValue: .integer(0),
        label: "Bank", documentation: "Bank number 0-16383 (sent as CC 0 and CC 32).")
    public static let bendRange = ConfigKey(
        section: "midi", name: "bend_range", kind: .integer(1...24, unit: "semitones"), defaultValue: .integer(2),
        label: "Pitch-bend range", documentation: "Pitch-bend range set on the synth via RPN 0, in semitones.")
    public static let synthProfile = ConfigKey(
        section: "midi", name: "synth_profile", kind: .choice(["auto", "fluidsynth", "generic"]), defaultValue: .text("auto"),
        label: "Synth profile", documentation: "How to talk to the synth; auto picks fluidsynth for FluidSynth ports, else generic.")

    // MARK: [controller]
    public static let controllerMode = ConfigKey(
        section: "controller", name: "mode",
        kind: .choice(["cc7", "cc14", "relative-twos", "relative-offset", "relative-sign", "pitchbend", "none"]),
        defaultValue: .text("cc7"), label: "Knob mode",
        documentation: "How the tuning knob sends: cc7 (absolute), cc14 (14-bit MSB/LSB), relative-twos, relative-offset, relative-sign, pitchbend (the wheel: push to tune, hold still, let go to commit), or none.")
    public static let controllerCC = ConfigKey(
        section: "controller", name: "cc", kind: .integer(0...127, unit: nil), defaultValue: .integer(1),
        label: "Knob controller number", documentation: "Controller number of the tuning knob (1 = modulation wheel).")
    public static let controllerChannel = ConfigKey(
        section: "controller", name: "channel", kind: .channel, defaultValue: .channel(nil),
        label: "Controller channel", documentation: "Channel the controller sends on, 1-16, or any.")
    public static let commitTrigger = ConfigKey(
        section: "controller", name: "commit_trigger", kind: .commitTrigger, defaultValue: .commitTrigger(.sustainPedal),
        label: "Commit trigger", documentation: "What commits a pitch match from the controller: none, sustain (pedal), note:NOTE or cc:NUMBER.")
    public static let answerHigherNote = ConfigKey(
        section: "controller", name: "answer_higher_note", kind: .note(MIDINote.lowest...MIDINote.highest, allowsNone: true),
        defaultValue: .note(MIDINote(62)), label: "Answer 'higher' note",
        documentation: "Key on the controller that answers 'higher' in comparison training ('wider' in interval comparison), or none.")
    public static let answerLowerNote = ConfigKey(
        section: "controller", name: "answer_lower_note", kind: .note(MIDINote.lowest...MIDINote.highest, allowsNone: true),
        defaultValue: .note(MIDINote(60)), label: "Answer 'lower' note",
        documentation: "Key on the controller that answers 'lower' in comparison training ('narrower' in interval comparison), or none.")
    /// The range and defaults mirror PeachMIDI's PitchWheelSettings (maximumDeadZone, defaultDeadZone, defaultHoldTime).
    public static let wheelDeadZone = ConfigKey(
        section: "controller", name: "wheel_dead_zone", kind: .integer(1...4096, unit: nil), defaultValue: .integer(256),
        label: "Wheel dead zone",
        documentation: "Pitch wheel as the slider (mode = pitchbend): positions within ± this much of centre (of 8192) are rest; springing back into it commits.")
    public static let wheelHold = ConfigKey(
        section: "controller", name: "wheel_hold_ms", kind: .integer(20...2000, unit: "ms"), defaultValue: .integer(150),
        label: "Wheel hold time",
        documentation: "Pitch wheel: how long it must stay still for that pitch to be committed when you let go, in milliseconds.")

    // MARK: [safety]
    public static let velocityCeiling = ConfigKey(
        section: "safety", name: "velocity_ceiling", kind: .integer(allowedCeiling, unit: nil), defaultValue: .integer(110),
        label: "Velocity ceiling", documentation: "Hearing safety: no note is ever sent louder than this velocity (1-127).")
    public static let volumeCeiling = ConfigKey(
        section: "safety", name: "volume_ceiling", kind: .integer(allowedCeiling, unit: nil), defaultValue: .integer(100),
        label: "Volume ceiling (CC7)", documentation: "Hearing safety: channel volume (CC 7) and expression (CC 11) never exceed this (1-127).")
    public static let volumePercent = ConfigKey(
        section: "safety", name: "volume", kind: .integer(0...100, unit: "%"), defaultValue: .integer(100),
        label: "Volume", documentation: "Your volume in percent of the ceiling (0-100).")
    public static let fadeSeconds = ConfigKey(
        section: "safety", name: "fade_seconds", kind: .decimal(0.1...2, unit: "seconds"), defaultValue: .decimal(0.3),
        label: "Fade time", documentation: "Fade-out before stopping or pausing, and fade-in on resume, in seconds.")

    // MARK: [breaks]
    public static let breaksEnabled = ConfigKey(
        section: "breaks", name: "enabled", kind: .boolean, defaultValue: .boolean(QuietBreakSchedule.Settings().enabled),
        label: "Quiet breaks", documentation: "Scheduled quiet breaks against ear fatigue (on or off).")
    public static let trainingMinutes = ConfigKey(
        section: "breaks", name: "training_minutes", kind: .decimal(QuietBreakSchedule.Settings.allowedTrainingMinutes, unit: "minutes"),
        defaultValue: .decimal(QuietBreakSchedule.Settings().trainingTime.timeInterval / 60), label: "Training before a break",
        documentation: "Minutes of training before a break.")
    public static let breakMinutes = ConfigKey(
        section: "breaks", name: "break_minutes", kind: .decimal(QuietBreakSchedule.Settings.allowedBreakMinutes, unit: "minutes"),
        defaultValue: .decimal(QuietBreakSchedule.Settings().breakTime.timeInterval / 60), label: "Break length",
        documentation: "Length of a break in minutes.")

    // MARK: [ui]
    public static let bell = ConfigKey(
        section: "ui", name: "bell", kind: .boolean, defaultValue: .boolean(true),
        label: "Bell on wrong answer", documentation: "Ring the terminal bell on a wrong answer (on or off).")

    /// Ranges PeachCore does not define. The ceiling range mirrors PeachMIDI's OutputCeiling.allowedRange.
    public static let allowedAmplitudeVariationDB: ClosedRange<Double> = 0...10
    public static let allowedCeiling: ClosedRange<Int> = 1...127

    public static let sections = ["training", "threshold_test", "rhythm", "midi", "controller", "safety", "breaks", "ui"]

    /// In file order.
    public static let all: [ConfigKey] = [
        lowestNote, highestNote, noteDuration, referencePitch, naturalVsMechanical, velocity, amplitudeVariation,
        minimumCentDifference, maximumCentDifference, maxInitialOffset, intervals, tuningSystem, intervalPresentation,
        measurementTrials, thresholdTestPrecision, thresholdTestMaximumTrials, tempo, gapPositions,
        clickSound, clickNote, accentNote, tapNote, clickVelocity, accentVelocity, tapVelocity, outputPort, inputPort, synth, soundFont, audioDriver, onlyChosenSynth, referenceChannel, tunableChannel,
        program, bank, bendRange, synthProfile,
        controllerMode, controllerCC, controllerChannel, commitTrigger, answerHigherNote, answerLowerNote,
        wheelDeadZone, wheelHold,
        velocityCeiling, volumeCeiling, volumePercent, fadeSeconds,
        breaksEnabled, trainingMinutes, breakMinutes,
        bell,
    ]

    public static func key(section: String, name: String) -> ConfigKey? {
        all.first { $0.section == section && $0.name == name }
    }
}
