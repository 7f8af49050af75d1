import CALSA
import PeachMIDI
import Testing

/// PeachMIDI mirrors ALSA's bit values without importing ALSA; these must agree with the headers.
@Suite struct ConstantTests {
    @Test func portTypesMatchALSA() {
        typealias PortType = SequencerPortInfo.PortType
        #expect(PortType.midiGeneric.rawValue == UInt32(SND_SEQ_PORT_TYPE_MIDI_GENERIC))
        #expect(PortType.synth.rawValue == UInt32(SND_SEQ_PORT_TYPE_SYNTH))
        #expect(PortType.synthesizer.rawValue == UInt32(SND_SEQ_PORT_TYPE_SYNTHESIZER))
        #expect(PortType.hardware.rawValue == UInt32(SND_SEQ_PORT_TYPE_HARDWARE))
        #expect(PortType.software.rawValue == UInt32(SND_SEQ_PORT_TYPE_SOFTWARE))
        #expect(PortType.port.rawValue == UInt32(SND_SEQ_PORT_TYPE_PORT))
        #expect(PortType.application.rawValue == UInt32(SND_SEQ_PORT_TYPE_APPLICATION))
    }

    @Test func capabilitiesMatchALSA() {
        typealias Capabilities = SequencerPortInfo.Capabilities
        #expect(Capabilities.read.rawValue == UInt32(SND_SEQ_PORT_CAP_READ))
        #expect(Capabilities.write.rawValue == UInt32(SND_SEQ_PORT_CAP_WRITE))
        #expect(Capabilities.subscribeRead.rawValue == UInt32(SND_SEQ_PORT_CAP_SUBS_READ))
        #expect(Capabilities.subscribeWrite.rawValue == UInt32(SND_SEQ_PORT_CAP_SUBS_WRITE))
        #expect(Capabilities.noExport.rawValue == UInt32(SND_SEQ_PORT_CAP_NO_EXPORT))
    }
}
