import PeachApp
import PeachConfig
import PeachConfigFiles
import PeachCore
import PeachDisciplines
import PeachMIDI
import PeachTrainer
import Testing

@Suite struct ClickSoundSetupTests {
    static func configured(_ text: String) -> ClickSoundConfiguration {
        ConfigLoader.parse(text: text, file: "peach.conf", schema: Disciplines.schema).clickSound
    }

    @Test func theDefaultsAreTheGeneralMIDIWoodBlocksAndSideStick() {
        #expect(MIDISetup.rhythmSound(PeachConfiguration.defaults.clickSound) == .percussion)
    }

    @Test func configuredKeysAndVelocitiesReplaceTheSoundsOwn() {
        let sound = MIDISetup.rhythmSound(Self.configured("""
            [rhythm]
            click_note = C#3
            tap_note = D2
            click_velocity = 64
            accent_velocity = 127
            """))
        #expect(sound.channel == RhythmSound.percussionChannel)
        #expect(sound.click == RhythmSound.Stroke(note: MIDINote(49)!, velocity: 64))
        #expect(sound.accent == RhythmSound.Stroke(note: MIDINote(76)!, velocity: 127), "the accent keeps its own key")
        #expect(sound.tap == RhythmSound.Stroke(note: MIDINote(38)!, velocity: 70))
    }

    @Test func aPitchedSoundKeepsItsOwnKeysWhereNoneIsConfigured() {
        let sound = MIDISetup.rhythmSound(Self.configured("""
            [rhythm]
            click_sound = pitched
            accent_note = D6
            """))
        #expect(sound.voice == RhythmSound.pitched.voice)
        #expect(sound.click.note == RhythmSound.pitched.click.note && sound.tap.note == RhythmSound.pitched.tap.note)
        #expect(sound.accent.note == MIDINote(86)!)
    }
}
