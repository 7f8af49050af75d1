@testable import PeachApp
import PeachCore
import PeachDisciplines
import PeachMIDI
import PeachTestSupport
@testable import PeachTrainer
import Testing

private let one = MIDIChannel(0)!, two = MIDIChannel(1)!

@Suite struct GuardianMessageTests {
    static let messages: [GuardianMessage] = [
        .client(128), .channels([one, two]), .channels([]),
        .keys([SoundingKey(channel: one, note: MIDINote(60)!), SoundingKey(channel: two, note: MIDINote(127)!)]), .keys([]),
        .destinations([SequencerAddress(client: 128, port: 0), SequencerAddress(client: 131, port: 2)]), .destinations([]),
        .synth(pid: 4242), .synth(pid: nil), .cleanExit,
    ]

    @Test(arguments: messages)
    func everyMessageReadsBackFromItsLine(message: GuardianMessage) {
        #expect(!message.line.contains("\n"))
        #expect(GuardianMessage(line: Substring(message.line)) == message, "\(message.line)")
    }

    @Test func theWireFormatIsPlainWords() {
        #expect(GuardianMessage.channels([one, two]).line == "channels 0 1")
        #expect(GuardianMessage.keys([SoundingKey(channel: two, note: MIDINote(62)!)]).line == "keys 1:62")
        #expect(GuardianMessage.destinations([SequencerAddress(client: 128, port: 0)]).line == "destinations 128:0")
        #expect(GuardianMessage.synth(pid: 77).line == "synth 77")
        #expect(GuardianMessage.cleanExit.line == "bye")
    }

    @Test(arguments: ["", "hello", "channels 16", "channels x", "keys 0:128", "keys 0-60", "keys 16:60",
                      "destinations 128", "synth 0", "synth -3", "synth 1 2", "client", "client x", "client -1"])
    func aLineItDoesNotUnderstandIsIgnored(line: String) {
        #expect(GuardianMessage(line: Substring(line)) == nil)
    }

    @Test func stateFollowsTheLatestOfEachKindAcrossPartialReads() {
        var state = GuardianState()
        var pending = Array("channels 0 1\nkeys 0:60\ndestinations 128:0\nsynth 4".utf8)
        state.consume(&pending)
        #expect(state.plan.channels == [one, two])
        #expect(state.plan.keys == [SoundingKey(channel: one, note: MIDINote(60)!)])
        #expect(state.destinations == [SequencerAddress(client: 128, port: 0)])
        #expect(state.synthPID == nil, "an unfinished line is not applied")
        pending += Array("2\nkeys\nnonsense\ndestinations 129:0\n".utf8)
        state.consume(&pending)
        #expect(pending.isEmpty)
        #expect(state.synthPID == 42)
        #expect(state.plan.keys.isEmpty)
        #expect(state.destinations == [SequencerAddress(client: 129, port: 0)])
        #expect(!state.cleanExit)
        #expect(state.plan.events == SynthSetup.silence([one, two]))
        pending += Array("bye\n".utf8)
        state.consume(&pending)
        #expect(state.cleanExit)
    }

    @Test func onlyTheExactHiddenCommandLineStartsTheGuardianAndHelpNeverShowsIt() {
        #expect(Guardian.isRequested(by: ["peach", "__guardian", "42"]))
        #expect(!Guardian.isRequested(by: ["peach", "__guardian"]))
        #expect(!Guardian.isRequested(by: ["peach", "--plain", "__guardian"]))
        #expect(!Guardian.isRequested(by: ["peach", "ports", "__guardian"]))
        #expect(!HelpText.usage.contains("guardian"))
    }
}
