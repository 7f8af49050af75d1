import PeachCore

/// Every key Peach reads from its configuration file: the core's keys (declared here as static constants, see
/// `coreKeys`) and the keys the disciplines contribute from their folders (`Disciplines.schema` composes the two).
/// Ranges come from PeachCore where it defines them, so the file, the Settings screen and the sessions agree.
public struct ConfigSchema: Hashable, Sendable {
    // MARK: [training]
    public static let lowestNote = ConfigKey(
        section: "training", name: "lowest_note", kind: .note(MIDINote.lowest...MIDINote.highest, allowsNone: false),
        defaultValue: .note(TrainingSettings.defaults.noteRange.lowerBound))
    public static let highestNote = ConfigKey(
        section: "training", name: "highest_note", kind: .note(MIDINote.lowest...MIDINote.highest, allowsNone: false),
        defaultValue: .note(TrainingSettings.defaults.noteRange.upperBound))
    public static let noteDuration = ConfigKey(
        section: "training", name: "note_duration", kind: .decimal(TrainingSettings.allowedNoteDurationSeconds, unit: "seconds"),
        defaultValue: .decimal(TrainingSettings.defaults.noteDuration.timeInterval))
    public static let referencePitch = ConfigKey(
        section: "training", name: "reference_pitch", kind: .decimal(ReferencePitch.allowedHertz, unit: "Hz"),
        defaultValue: .decimal(TrainingSettings.defaults.referencePitch.hertz))
    public static let velocity = ConfigKey(
        section: "training", name: "velocity", kind: .integer(MIDIVelocity.validRange, unit: nil),
        defaultValue: .integer(TrainingSettings.defaults.velocity.rawValue))
    public static let intervals = ConfigKey(
        section: "training", name: "intervals", kind: .intervals,
        defaultValue: .intervals(TrainingSettings.defaults.intervals))
    public static let tuningSystem = ConfigKey(
        section: "training", name: "tuning", kind: .tuning, defaultValue: .text("equal"), formerNames: ["tuning_system"])
    public static let keyboardMapping = ConfigKey(
        section: "training", name: "keyboard_mapping", kind: .file(suffix: ".kbm", emptyMeans: "none: A4 sounds at the reference pitch"),
        defaultValue: .text(""))
    public static let intervalPresentation = ConfigKey(
        section: "training", name: "interval_presentation", kind: .choice(["melodic", "harmonic"]),
        defaultValue: .text("melodic"))

    // MARK: [rhythm]
    public static let clickSound = ConfigKey(
        section: "rhythm", name: "click_sound", kind: .choice(["percussion", "pitched"]), defaultValue: .text("percussion"))
    public static let clickNote = ConfigKey(
        section: "rhythm", name: "click_note", kind: .note(MIDINote.lowest...MIDINote.highest, allowsNone: true),
        defaultValue: .note(nil))
    public static let accentNote = ConfigKey(
        section: "rhythm", name: "accent_note", kind: .note(MIDINote.lowest...MIDINote.highest, allowsNone: true),
        defaultValue: .note(nil))
    public static let tapNote = ConfigKey(
        section: "rhythm", name: "tap_note", kind: .note(MIDINote.lowest...MIDINote.highest, allowsNone: true),
        defaultValue: .note(nil))
    public static let clickVelocity = ConfigKey(
        section: "rhythm", name: "click_velocity", kind: .integer(MIDIVelocity.validRange, unit: nil),
        defaultValue: .integer(80))
    public static let accentVelocity = ConfigKey(
        section: "rhythm", name: "accent_velocity", kind: .integer(MIDIVelocity.validRange, unit: nil),
        defaultValue: .integer(110))
    public static let tapVelocity = ConfigKey(
        section: "rhythm", name: "tap_velocity", kind: .integer(MIDIVelocity.validRange, unit: nil),
        defaultValue: .integer(70))
    public static let queueFrequency = ConfigKey(
        section: "rhythm", name: "queue_frequency", kind: .integer(QueueWakeUps.frequencyRange, unit: "Hz"),
        defaultValue: .integer(QueueWakeUps.defaultFrequency))

    // MARK: [midi]
    public static let outputPort = ConfigKey(
        section: "midi", name: "output_port", kind: .text(emptyMeans: "automatic"), defaultValue: .text(""))
    public static let inputPort = ConfigKey(
        section: "midi", name: "input_port", kind: .text(emptyMeans: "every hardware input that is not a synth"),
        defaultValue: .text(""))
    public static let synth = ConfigKey(
        section: "midi", name: "synth", kind: .choice(["auto", "fluidsynth", "external"]), defaultValue: .text("auto"))
    public static let soundFont = ConfigKey(
        section: "midi", name: "soundfont", kind: .text(emptyMeans: "the default GM SoundFont"), defaultValue: .text(""))
    public static let audioDriver = ConfigKey(
        section: "midi", name: "audio_driver", kind: .choice(["auto", "pipewire", "pulseaudio", "alsa", "jack"]),
        defaultValue: .text("auto"))
    public static let onlyChosenSynth = ConfigKey(
        section: "midi", name: "only_chosen_synth", kind: .boolean, defaultValue: .boolean(false))
    public static let referenceChannel = ConfigKey(
        section: "midi", name: "reference_channel", kind: .integer(1...16, unit: nil), defaultValue: .integer(1))
    public static let tunableChannel = ConfigKey(
        section: "midi", name: "tunable_channel", kind: .integer(1...16, unit: nil), defaultValue: .integer(2))
    public static let program = ConfigKey(
        section: "midi", name: "program", kind: .integer(0...127, unit: nil), defaultValue: .integer(0))
    public static let bank = ConfigKey(
        section: "midi", name: "bank", kind: .integer(0...16383, unit: nil), defaultValue: .integer(0))
    public static let bendRange = ConfigKey(
        section: "midi", name: "bend_range", kind: .integer(1...24, unit: "semitones"), defaultValue: .integer(2))
    public static let synthProfile = ConfigKey(
        section: "midi", name: "synth_profile", kind: .choice(["auto", "fluidsynth", "generic"]), defaultValue: .text("auto"))

    // MARK: [controller]
    public static let controllerMode = ConfigKey(
        section: "controller", name: "mode",
        kind: .choice(["cc7", "cc14", "relative-twos", "relative-offset", "relative-sign", "pitchbend", "none"]),
        defaultValue: .text("cc7"))
    public static let controllerCC = ConfigKey(
        section: "controller", name: "cc", kind: .integer(0...127, unit: nil), defaultValue: .integer(1))
    public static let controllerChannel = ConfigKey(
        section: "controller", name: "channel", kind: .channel, defaultValue: .channel(nil))
    public static let commitTrigger = ConfigKey(
        section: "controller", name: "commit_trigger", kind: .commitTrigger, defaultValue: .commitTrigger(.sustainPedal))
    public static let answerHigherNote = ConfigKey(
        section: "controller", name: "answer_higher_note", kind: .note(MIDINote.lowest...MIDINote.highest, allowsNone: true),
        defaultValue: .note(MIDINote(62)))
    public static let answerLowerNote = ConfigKey(
        section: "controller", name: "answer_lower_note", kind: .note(MIDINote.lowest...MIDINote.highest, allowsNone: true),
        defaultValue: .note(MIDINote(60)))
    /// The range and defaults mirror PeachMIDI's PitchWheelSettings (maximumDeadZone, defaultDeadZone, defaultHoldTime).
    public static let wheelDeadZone = ConfigKey(
        section: "controller", name: "wheel_dead_zone", kind: .integer(1...4096, unit: nil), defaultValue: .integer(256))
    public static let wheelHold = ConfigKey(
        section: "controller", name: "wheel_hold_ms", kind: .integer(20...2000, unit: "ms"), defaultValue: .integer(150))

    // MARK: [safety]
    public static let velocityCeiling = ConfigKey(
        section: "safety", name: "velocity_ceiling", kind: .integer(allowedCeiling, unit: nil), defaultValue: .integer(110))
    public static let volumeCeiling = ConfigKey(
        section: "safety", name: "volume_ceiling", kind: .integer(allowedCeiling, unit: nil), defaultValue: .integer(100))
    public static let volumePercent = ConfigKey(
        section: "safety", name: "volume", kind: .integer(0...100, unit: "%"), defaultValue: .integer(100))
    public static let fadeSeconds = ConfigKey(
        section: "safety", name: "fade_seconds", kind: .decimal(0.1...2, unit: "seconds"), defaultValue: .decimal(0.3))

    // MARK: [breaks]
    public static let breaksEnabled = ConfigKey(
        section: "breaks", name: "enabled", kind: .boolean, defaultValue: .boolean(QuietBreakSchedule.Settings().enabled))
    public static let trainingMinutes = ConfigKey(
        section: "breaks", name: "training_minutes", kind: .decimal(QuietBreakSchedule.Settings.allowedTrainingMinutes, unit: "minutes"),
        defaultValue: .decimal(QuietBreakSchedule.Settings().trainingTime.timeInterval / 60))
    public static let breakMinutes = ConfigKey(
        section: "breaks", name: "break_minutes", kind: .decimal(QuietBreakSchedule.Settings.allowedBreakMinutes, unit: "minutes"),
        defaultValue: .decimal(QuietBreakSchedule.Settings().breakTime.timeInterval / 60))

    // MARK: [ui]
    public static let bell = ConfigKey(
        section: "ui", name: "bell", kind: .boolean, defaultValue: .boolean(true))

    /// A range PeachCore does not define: it mirrors PeachMIDI's OutputCeiling.allowedRange.
    public static let allowedCeiling: ClosedRange<Int> = 1...127

    /// The core's keys, in file order (grouped by section): the ones every discipline uses, and the ones several
    /// share (the interval modes' intervals, tuning and presentation; the timing disciplines' clicks) or the app
    /// itself reads (MIDI, controller, safety, breaks, UI). A key only one discipline or family reads is declared
    /// in its folder (`DisciplineSetting`).
    public static let coreKeys: [ConfigKey] = [
        lowestNote, highestNote, noteDuration, referencePitch, velocity, intervals, tuningSystem, keyboardMapping,
        intervalPresentation,
        clickSound, clickNote, accentNote, tapNote, clickVelocity, accentVelocity, tapVelocity, queueFrequency, outputPort, inputPort, synth, soundFont, audioDriver, onlyChosenSynth, referenceChannel, tunableChannel,
        program, bank, bendRange, synthProfile,
        controllerMode, controllerCC, controllerChannel, commitTrigger, answerHigherNote, answerLowerNote,
        wheelDeadZone, wheelHold,
        velocityCeiling, volumeCeiling, volumePercent, fadeSeconds,
        breaksEnabled, trainingMinutes, breakMinutes,
        bell,
    ]

    /// Every key, in file order: the Settings screen, the file template and the man page list them so.
    public let keys: [ConfigKey]
    /// The sections, in file order.
    public let sections: [String]
    /// The keys only valid together: the core's and the contributed ones.
    public let pairs: [ConfigKeyPair]

    /// The core's pairs.
    public static let corePairs = [
        ConfigKeyPair(first: lowestNote, second: highestNote, rule: .notAbove),
        // The tunable note is bent; sharing the reference's channel would bend the reference too.
        ConfigKeyPair(first: referenceChannel, second: tunableChannel, rule: .different),
        ConfigKeyPair(first: answerLowerNote, second: answerHigherNote, rule: .different),
    ]

    /// The core keys and the disciplines' groups (in registry order). A group placed beside a key stands there; of
    /// the others, a section only disciplines have follows the first core section ([training]), and in a section
    /// both have ([rhythm]) the disciplines' keys come first.
    public init(coreKeys: [ConfigKey] = ConfigSchema.coreKeys, contributed: [ConfigKeyGroup] = []) {
        let unplaced = contributed.filter { $0.placement.anchor == nil }.flatMap(\.keys)
        let coreSections = Self.sections(of: coreKeys)
        let ownSections = Self.sections(of: unplaced).filter { !coreSections.contains($0) }
        sections = Array(coreSections.prefix(1)) + ownSections + coreSections.dropFirst()
        var ordered = sections.flatMap { section in
            unplaced.filter { $0.section == section } + coreKeys.filter { $0.section == section }
        }
        for group in contributed { Self.place(group, in: &ordered) }
        keys = ordered
        pairs = Self.corePairs + contributed.flatMap(\.pairs)
        precondition(Set(keys.map(\.id)).count == keys.count, "two configuration keys share a name")
    }

    private static func place(_ group: ConfigKeyGroup, in ordered: inout [ConfigKey]) {
        guard let anchor = group.placement.anchor else { return }
        guard let position = ordered.firstIndex(of: anchor) else {
            preconditionFailure("\(group.keys) are placed beside \(anchor), which neither the core nor an earlier group has")
        }
        switch group.placement {
        case .ownSection: return
        case .after: ordered.insert(contentsOf: group.keys, at: position + 1)
        case .before: ordered.insert(contentsOf: group.keys, at: position)
        }
    }

    public func key(section: String, name: String) -> ConfigKey? {
        keys.first { $0.section == section && $0.isNamed(name) }
    }

    /// What the Settings screen edits: every key, in file order (so grouped by section), so a new setting appears
    /// there by itself.
    public var settingsScreenKeys: [ConfigKey] { keys }

    private static func sections(of keys: [ConfigKey]) -> [String] {
        keys.map(\.section).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }
}
