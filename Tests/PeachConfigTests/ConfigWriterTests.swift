@testable import PeachConfig
@testable import PeachConfigFiles
import PeachCore
import PeachDisciplines
import Testing

@Suite struct ConfigWriterTests {
    static let userFile = """
    # my peach setup
    [training]
    velocity = 80    # quiet neighbours
    ; an ini-style comment
    lowest_note = C3

    [midi]
    mystery_key = keep me
    program = 5
    [custom]
    whatever = 1
    """

    @Test func changingAValueKeepsEverythingElseByteForByte() {
        let updated = ConfigWriter.updating(Self.userFile, with: [.init(ConfigSchema.velocity, .integer(64))])
        #expect(updated == Self.userFile.replacingOccurrences(of: "velocity = 80    #", with: "velocity = 64    #") + "\n")
    }

    @Test func missingKeyIsAddedToTheEndOfItsSectionAndMissingSectionAppended() {
        let updated = ConfigWriter.updating(Self.userFile, with: [
            .init(ConfigSchema.highestNote, .note(MIDINote(72))),
            .init(ConfigSchema.bell, .boolean(false)),
        ])
        #expect(updated == """
        # my peach setup
        [training]
        velocity = 80    # quiet neighbours
        ; an ini-style comment
        lowest_note = C3
        highest_note = C5

        [midi]
        mystery_key = keep me
        program = 5
        [custom]
        whatever = 1

        [ui]
        bell = off

        """)
    }

    @Test func roundTripReadsBackTheWrittenValuesAndTheUntouchedOnes() {
        let changes: [ConfigWriter.Change] = [
            .init(ConfigSchema.soundFont, .text("/sf/with # hash.sf2")),
            .init(ConfigSchema.referencePitch, .decimal(441.5)),
            .init(ConfigSchema.controllerChannel, .channel(nil)),
            .init(ConfigSchema.commitTrigger, .commitTrigger(.controlChange(20))),
        ]
        let configuration = ConfigLoader.parse(text: ConfigWriter.updating(Self.userFile, with: changes), file: "u.conf", schema: Disciplines.schema)
        for change in changes { #expect(configuration[change.key] == change.value) }
        #expect(Disciplines.trainingSettings(from: configuration).velocity == MIDIVelocity(80))
        #expect(Disciplines.trainingSettings(from: configuration).noteRange.lowerBound == MIDINote(48))
        #expect(configuration[ConfigSchema.program] == .integer(5))
        #expect(configuration.errors.isEmpty)
    }

    @Test func writingIntoAnEmptyFileCreatesSections() {
        let updated = ConfigWriter.updating("", with: [.init(ConfigSchema.velocity, .integer(99))])
        #expect(updated == "[training]\nvelocity = 99\n")
    }

    @Test func setRejectsValuesOutsideTheKeysRange() {
        var configuration = PeachConfiguration.defaults
        let tooLoud = configuration.set(ConfigSchema.velocity, to: .integer(200), in: Disciplines.schema)
        let notANumber = configuration.set(ConfigSchema.velocity, to: .text("loud"), in: Disciplines.schema)
        let allowed = configuration.set(ConfigSchema.velocity, to: .integer(120), in: Disciplines.schema)
        #expect(!tooLoud)
        #expect(!notANumber)
        #expect(allowed)
        #expect(Disciplines.trainingSettings(from: configuration).velocity == MIDIVelocity(120))
        #expect(Disciplines.schema.keys.filter { configuration[$0] != $0.defaultValue } == [ConfigSchema.velocity], "only the allowed value was set")
    }

    @Test func setRejectsValuesThatBreakADependentKey() {
        var configuration = PeachConfiguration.defaults
        #expect(configuration.problem(setting: ConfigSchema.lowestNote, to: .note(MIDINote(100)), in: Disciplines.schema)
                == "Highest note must not be below lowest note")
        let reversed = configuration.set(ConfigSchema.lowestNote, to: .note(MIDINote(100)), in: Disciplines.schema)
        let sameChannel = configuration.set(ConfigSchema.tunableChannel, to: .integer(1), in: Disciplines.schema)
        #expect(!reversed && !sameChannel)
        #expect(configuration == .defaults)
        #expect(configuration.problem(setting: ConfigSchema.velocity, to: .integer(0), in: Disciplines.schema) == "Loudness (velocity): '0' is not allowed (1...127)")
    }
}
