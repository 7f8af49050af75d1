import Foundation
@testable import PeachConfig
@testable import PeachConfigFiles
import PeachCore
import PeachDisciplines
import Testing

@Suite struct ConfigParsingTests {
    func parse(_ text: String) -> PeachConfiguration { ConfigLoader.parse(text: text, file: "test.conf", schema: Disciplines.schema) }

    @Test func emptyTextGivesAllDefaults() {
        let configuration = parse("")
        #expect(configuration.diagnostics.isEmpty)
        #expect(Disciplines.trainingSettings(from: configuration) == .defaults)
        #expect(configuration == .defaults)
    }

    @Test func missingFileGivesAllDefaultsWithoutComplaint() {
        let configuration = ConfigLoader.load(path: "/nonexistent/peach-\(UUID().uuidString)/peach.conf", schema: Disciplines.schema)
        #expect(configuration.diagnostics.isEmpty)
        #expect(Disciplines.trainingSettings(from: configuration) == .defaults)
    }

    @Test func validValuesBecomeTrainingSettings() {
        let configuration = parse("""
        # my settings
        [training]
        lowest_note = A2
        highest_note = Bb4   # a comment after the value
        note_duration = 0.5
        reference_pitch = 442
        natural_vs_mechanical = 1
        velocity = 64
        amplitude_variation = 3
        min_cent_difference = 1
        max_cent_difference = 50
        max_initial_offset = 20
        """)
        #expect(configuration.diagnostics.isEmpty)
        let settings = Disciplines.trainingSettings(from: configuration)
        #expect(settings.noteRange == MIDINote(45)!...MIDINote(70)!)
        #expect(settings.noteDuration == .milliseconds(500))
        #expect(settings.referencePitch == ReferencePitch(hertz: 442))
        #expect(settings.naturalVsMechanical == 1)
        #expect(settings.velocity == MIDIVelocity(64))
        #expect(settings.amplitudeVariationDB == 3)
        #expect(settings.minimumCentDifference == Cents(1))
        #expect(settings.maximumCentDifference == Cents(50))
        #expect(settings.maxInitialCentOffset == Cents(20))
    }

    @Test func typedAccessorsForTheOtherSections() {
        let configuration = parse("""
        [midi]
        output_port = FLUID Synth
        synth = FluidSynth
        soundfont = "/home/me/my #1.sf2"
        audio_driver = pulseaudio
        reference_channel = 3
        tunable_channel = 4
        program = 19
        bank = 128
        bend_range = 12
        synth_profile = generic
        only_chosen_synth = yes
        [controller]
        mode = relative-twos
        cc = 74
        channel = 10
        commit_trigger = note:C2
        answer_higher_note = none
        answer_lower_note = A0
        [safety]
        velocity_ceiling = 90
        volume_ceiling = 80
        volume = 50
        fade_seconds = 1.5
        [breaks]
        enabled = on
        training_minutes = 30
        break_minutes = 2.5
        [ui]
        bell = off
        """)
        #expect(configuration.diagnostics.isEmpty)
        let midi = configuration.midi
        #expect(midi.outputPort == "FLUID Synth")
        #expect(midi.inputPort == nil)
        #expect(midi.synth == .fluidsynth)
        #expect(midi.soundFont == "/home/me/my #1.sf2")
        #expect(midi.audioDriver == "pulseaudio")
        #expect(midi.onlyChosenSynth)
        let numbers: [Int] = [midi.referenceChannel, midi.tunableChannel, midi.program, midi.bank, midi.bendRangeSemitones]
        #expect(numbers == [3, 4, 19, 128, 12])
        #expect(midi.synthProfile == .generic)
        let controller = configuration.controller
        #expect(controller.mode == .relativeTwosComplement)
        #expect(controller.controllerNumber == 74)
        #expect(controller.channel == 10)
        #expect(controller.commitTrigger == .note(MIDINote(36)!))
        #expect(controller.answerHigherNote == nil)
        #expect(controller.answerLowerNote == MIDINote(21))
        #expect(configuration.safety == SafetyConfiguration(velocityCeiling: 90, volumeCeiling: 80, volumePercent: 50,
                                                            fadeDuration: .milliseconds(1500)))
        #expect(configuration.quietBreaks == QuietBreakSchedule.Settings(enabled: true, trainingTime: .seconds(1800),
                                                                         breakTime: .seconds(150)))
        #expect(configuration.bellEnabled == false)
    }

    @Test func defaultsOfTheOtherSections() {
        let configuration = PeachConfiguration.defaults
        #expect(configuration.midi.synth == .auto)
        #expect(configuration.midi.audioDriver == nil)
        #expect(configuration.midi.soundFont == nil)
        #expect(configuration.controller.channel == nil)
        #expect(configuration.controller.commitTrigger == .sustainPedal)
        #expect(configuration.safety.velocityCeiling == 110)
        #expect(configuration.safety.volumeCeiling == 100)
        #expect(configuration.quietBreaks == QuietBreakSchedule.Settings())
        #expect(configuration.bellEnabled)
    }

    @Test func invalidValueIsReportedWithFileLineKeyValueAndRangeAndTheDefaultIsUsed() {
        let configuration = parse("""
        [training]
        velocity = 70
        note_duration = 9
        """)
        #expect(Disciplines.trainingSettings(from: configuration).noteDuration == .seconds(1))
        #expect(Disciplines.trainingSettings(from: configuration).velocity == MIDIVelocity(70))
        #expect(configuration.diagnostics.count == 1)
        let diagnostic = configuration.diagnostics[0]
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.file == "test.conf")
        #expect(diagnostic.line == 3)
        #expect(diagnostic.key == "[training] note_duration")
        #expect(diagnostic.value == "9")
        #expect(diagnostic.allowed == "0.2...5 seconds")
        #expect(diagnostic.description
                == "test.conf:3: error: [training] note_duration = 9: allowed: 0.2...5 seconds; using the default 1")
    }

    @Test(arguments: [
        ("[training]\nreference_pitch = 600", "[training] reference_pitch", "380...500 Hz"),
        ("[training]\nlowest_note = H2", "[training] lowest_note", "a note name C-1...G9"),
        ("[training]\nnatural_vs_mechanical = lots", "[training] natural_vs_mechanical", "0...1"),
        ("[midi]\nsynth = timidity", "[midi] synth", "auto, fluidsynth, external"),
        ("[midi]\nreference_channel = 0", "[midi] reference_channel", "1...16"),
        ("[controller]\nchannel = 17", "[controller] channel", "1...16 or any"),
        ("[controller]\nmode = knob", "[controller] mode", "cc7, cc14, relative-twos, relative-offset, relative-sign, pitchbend, none"),
        ("[controller]\ncommit_trigger = cc:200", "[controller] commit_trigger", "none, sustain, note:NOTE (e.g. note:C2) or cc:0...127"),
        ("[safety]\nvolume = 101", "[safety] volume", "0...100 %"),
        ("[safety]\nfade_seconds = 0", "[safety] fade_seconds", "0.1...2 seconds"),
        ("[breaks]\ntraining_minutes = 0.5", "[breaks] training_minutes", "1...240 minutes"),
        ("[breaks]\nenabled = maybe", "[breaks] enabled", "on or off"),
        ("[ui]\nbell = loud", "[ui] bell", "on or off"),
    ])
    func invalidValuesAreErrorsThatFallBackToTheDefault(text: String, key: String, allowed: String) {
        let configuration = parse(text)
        #expect(configuration.errors.map(\.key) == [key])
        #expect(configuration.errors.first?.allowed == allowed)
        #expect(configuration.errors.first?.line == 2)
        #expect(configuration == PeachConfiguration(values: [:], diagnostics: configuration.diagnostics))
    }

    @Test func reversedNoteRangeFallsBackToTheDefaultRange() {
        let configuration = parse("[training]\nlowest_note = C5\nhighest_note = C3")
        #expect(Disciplines.trainingSettings(from: configuration).noteRange == TrainingSettings.defaults.noteRange)
        #expect(configuration.errors.count == 1)
        #expect(configuration.errors.first?.line == 3)
        #expect(configuration.errors.first?.key == "[training] highest_note")
    }

    @Test func reversedCentBoundsFallBackToTheDefaults() {
        let configuration = parse("[training]\nmin_cent_difference = 50\nmax_cent_difference = 10")
        #expect(Disciplines.trainingSettings(from: configuration).minimumCentDifference == Cents(0.1))
        #expect(Disciplines.trainingSettings(from: configuration).maximumCentDifference == Cents(100))
        #expect(configuration.errors.count == 1)
    }

    @Test func sameChannelForReferenceAndTunableFallsBackToTheDefaults() {
        let configuration = parse("[midi]\nreference_channel = 5\ntunable_channel = 5")
        #expect(configuration.midi.referenceChannel == 1)
        #expect(configuration.midi.tunableChannel == 2)
        #expect(configuration.errors.map(\.description)
                == ["test.conf:3: error: [midi] tunable_channel = 5: tunable_channel must differ from reference_channel (both 5); using the defaults 1 and 2"])
    }

    @Test func sameAnswerNoteTwiceIsAnErrorButTwoNonesAreFine() {
        #expect(parse("[controller]\nanswer_lower_note = E4\nanswer_higher_note = E4").errors.count == 1)
        #expect(parse("[controller]\nanswer_lower_note = none\nanswer_higher_note = none").errors.isEmpty)
    }

    @Test func quotedTextKeepsItsSpaces() {
        #expect(parse("[midi]\noutput_port = \"  FLUID \"").midi.outputPort == "  FLUID ")
    }

    @Test func unknownKeysSectionsAndMalformedLinesAreWarningsOnly() {
        let configuration = parse("""
        stray = 1
        [training]
        velocty = 80
        velocity = 80
        [colours]
        background = pink
        this line has no equals sign
        """)
        #expect(configuration.errors.isEmpty)
        #expect(configuration.warnings.map(\.line) == [1, 3, 5, 7])
        #expect(configuration.warnings[1].key == "[training] velocty")
        #expect(configuration.warnings[1].description.contains("did you mean velocity?"))
        #expect(configuration.warnings[2].key == "[colours]")
        #expect(Disciplines.trainingSettings(from: configuration).velocity == MIDIVelocity(80))
    }

    @Test func duplicateKeyWarnsAndTheLastValueCounts() {
        let configuration = parse("[training]\nvelocity = 50\nvelocity = 60")
        #expect(Disciplines.trainingSettings(from: configuration).velocity == MIDIVelocity(60))
        #expect(configuration.warnings.map(\.line) == [3])
    }

    @Test func sectionsAndKeysAreCaseInsensitiveAndWindowsLineEndingsWork() {
        let configuration = parse("[Training]\r\nVelocity = 33\r\n")
        #expect(configuration.diagnostics.isEmpty)
        #expect(Disciplines.trainingSettings(from: configuration).velocity == MIDIVelocity(33))
    }

    @Test func hashInsideAPathIsNotAComment() {
        let configuration = parse("[midi]\nsoundfont = /sf/a#b.sf2 # mine")
        #expect(configuration.midi.soundFont == "/sf/a#b.sf2")
    }
}
