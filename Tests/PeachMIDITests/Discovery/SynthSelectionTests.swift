import PeachMIDI
import Testing

@Suite struct SynthSelectionTests {
    typealias F = PortFixtures

    @Test func prefersADeclaredSynthesizerPort() {
        #expect(SynthSelection.choose(from: F.desktop, ownClient: F.peachClient) == F.fluid)
    }

    @Test func synthTypeAlsoCounts() {
        let ports = F.desktop.filter { $0 != F.fluid }
        #expect(SynthSelection.choose(from: ports, ownClient: F.peachClient) == F.timidity0)
    }

    @Test func fluidSynthByNameWhenItsTypeIsPlain() {
        let plainFluid = F.port(140, 0, "FLUID Synth (7)", "Synth input port (7:0)", caps: F.writable, types: [.midiGeneric])
        let ports = [F.through, F.monitor, plainFluid, F.peachIn]
        #expect(SynthSelection.choose(from: ports, ownClient: F.peachClient) == plainFluid)
    }

    @Test func neverPeachNeverAMonitorAndMidiThroughOnlyWhenAsked() {
        let ports = [F.timer, F.announce, F.through, F.keyboard, F.peachOut, F.peachIn, F.monitor]
        #expect(SynthSelection.choose(from: ports, ownClient: F.peachClient) == nil)
        #expect(SynthSelection.choose(from: ports, ownClient: F.peachClient, allowMidiThrough: true) == F.through)
        let peachAsSynth = F.port(F.peachClient, 2, "Peach", "synth", caps: F.writable, types: [.synthesizer])
        #expect(SynthSelection.choose(from: [peachAsSynth], ownClient: F.peachClient) == nil)
    }

    @Test func defaultControllersAreHardwareInputsThatAreNotSynths() {
        #expect(ControllerSelection.defaultInputs(from: F.desktop, ownClient: F.peachClient) == [F.keyboard, F.knobs])
        #expect(ControllerSelection.defaultInputs(from: [F.announce, F.through, F.peachOut], ownClient: F.peachClient).isEmpty)
    }
}
