import Testing
@testable import PeachMIDI

@Suite struct OutputDestinationTests {
    func port(_ client: String, _ port: String) -> SequencerPortInfo {
        SequencerPortInfo(address: SequencerAddress(client: 129, port: 0), clientName: client, portName: port,
                          clientKind: .user, capabilities: [.write, .subscribeWrite], types: [.synthesizer])
    }

    @Test func namesClientAndPortOnceWhenFluidSynthNamedThemAlike() {
        #expect(OutputDestination(port("Peach FluidSynth 131", "Peach FluidSynth 131")).description
                == "Peach FluidSynth 131 (129:0)")
        #expect(OutputDestination(port("FLUID Synth (99)", "Synth input port (99:0)")).description
                == "FLUID Synth (99):Synth input port (99:0) (129:0)")
    }
}
