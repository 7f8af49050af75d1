import Testing
import PeachCore
import PeachMIDI

@Suite struct SilencePlanTests {
    @Test func noteOffsFirstThenEveryChannelSilencedAndCentred() {
        let one = MIDIChannel(0)!, two = MIDIChannel(1)!
        let plan = SilencePlan(keys: [SoundingKey(channel: two, note: MIDINote(64)!), SoundingKey(channel: one, note: MIDINote(60)!)],
                               channels: [two, one])
        #expect(plan.events == [
            .noteOff(channel: one, note: MIDINote(60)!, velocity: 64),
            .noteOff(channel: two, note: MIDINote(64)!, velocity: 64),
        ] + SynthSetup.silence([one, two]))
    }

    @Test func noKeysStillSilencesEveryChannel() {
        let plan = SilencePlan(channels: [MIDIChannel(3)!])
        #expect(plan.events == SynthSetup.silence([MIDIChannel(3)!]))
    }
}
