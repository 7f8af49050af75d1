import PeachMIDI

/// A desktop's sequencer as `aconnect -l` would show it: System, Midi Through, a USB keyboard,
/// a knob box, FluidSynth, TiMidity, Peach itself and a monitor program.
enum PortFixtures {
    static let peachClient = 130

    static func port(_ client: Int, _ port: Int, _ clientName: String, _ portName: String,
                     _ kind: SequencerPortInfo.ClientKind = .user,
                     caps: SequencerPortInfo.Capabilities, types: SequencerPortInfo.PortType) -> SequencerPortInfo {
        SequencerPortInfo(address: SequencerAddress(client: client, port: port), clientName: clientName,
                          portName: portName, clientKind: kind, capabilities: caps, types: types)
    }

    static let readable: SequencerPortInfo.Capabilities = [.read, .subscribeRead]
    static let writable: SequencerPortInfo.Capabilities = [.write, .subscribeWrite]
    static let both: SequencerPortInfo.Capabilities = [.read, .subscribeRead, .write, .subscribeWrite]

    static let timer = port(0, 0, "System", "Timer", .kernel, caps: both, types: [])
    static let announce = port(0, 1, "System", "Announce", .kernel, caps: readable, types: [])
    static let through = port(14, 0, "Midi Through", "Midi Through Port-0", .kernel, caps: both,
                              types: [.midiGeneric, .software])
    static let keyboard = port(20, 0, "KeyStation 49", "KeyStation 49 MIDI 1", .kernel, caps: both,
                               types: [.midiGeneric, .hardware, .port])
    static let knobs = port(24, 0, "nanoKONTROL2", "nanoKONTROL2 _ CTRL", .kernel, caps: both,
                            types: [.midiGeneric, .hardware, .port])
    static let fluid = port(128, 0, "FLUID Synth (4242)", "Synth input port (4242:0)", caps: writable,
                            types: [.midiGeneric, .synthesizer, .application])
    static let timidity0 = port(129, 0, "TiMidity", "TiMidity port 0", caps: writable,
                                types: [.midiGeneric, .synth, .application])
    static let timidity1 = port(129, 1, "TiMidity", "TiMidity port 1", caps: writable,
                                types: [.midiGeneric, .synth, .application])
    static let peachOut = port(peachClient, 0, "Peach", "out", caps: readable, types: [.midiGeneric, .application])
    static let peachIn = port(peachClient, 1, "Peach", "in", caps: writable, types: [.midiGeneric, .application])
    static let monitor = port(131, 0, "aseqdump", "aseqdump", caps: writable, types: [.midiGeneric, .application])

    static let desktop = [timer, announce, through, keyboard, knobs, fluid, timidity0, timidity1, peachOut, peachIn, monitor]

    static func resolver(_ ports: [SequencerPortInfo] = desktop) -> PortResolver {
        PortResolver(ports: ports, ownClient: peachClient)
    }
}
