import Glibc
import PeachALSA
import PeachMIDI
import Testing

/// The messages people see; no sequencer needed.
@Suite struct SequencerErrorTests {
    @Test func noSequencerSaysHowToGetOne() {
        let text = SequencerError.noSequencer(code: -ENOENT, detail: "").description
        #expect(text.contains("/dev/snd/seq") && text.contains("No such file or directory"))
        #expect(text.contains("sudo modprobe snd-seq") && text.contains("PipeWire"))
    }

    @Test func permissionProblemsPointToTheAudioGroup() {
        #expect(SequencerError.noSequencer(code: -EACCES, detail: "").description.contains("'audio' group"))
    }

    @Test func portErrorsNameThePort() {
        let address = SequencerAddress(client: 20, port: 0)
        #expect(SequencerError.noSuchPort(address).description.contains("20:0"))
        #expect(SequencerError.portNotWritable(address, name: "Keys").description.contains("20:0 'Keys' does not accept notes"))
    }

    @Test func failedCallsGiveTheCallTheLibraryTextAndAHint() {
        let text = SequencerError.call("snd_seq_connect_to(128:0)", code: -EBUSY, detail: "").description
        #expect(text.hasPrefix("snd_seq_connect_to(128:0) failed: Device or resource busy."))
        #expect(text.contains("already exists"))
    }
}
