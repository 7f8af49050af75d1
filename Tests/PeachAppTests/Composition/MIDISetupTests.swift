@testable import PeachApp
import PeachConfig
import PeachConfigFiles
import PeachCore
import PeachDisciplines
import PeachMIDI
import PeachPresentation
import PeachTerminal
import PeachTestSupport
@testable import PeachTrainer
import Testing

@Suite struct MIDISetupTests {
    func config(_ text: String) -> PeachConfiguration { ConfigLoader.parse(text: text, file: "test.conf", schema: Disciplines.schema) }
    func port(_ client: String) -> SequencerPortInfo {
        SequencerPortInfo(address: SequencerAddress(client: 130, port: 0), clientName: client, portName: "in",
                          clientKind: .user, capabilities: [.write, .subscribeWrite], types: [.synthesizer])
    }

    @Test func channelsRangeInstrumentAndCeilingComeFromTheFile() {
        let c = config("[midi]\nreference_channel = 3\ntunable_channel = 4\nbend_range = 12\nprogram = 73\nbank = 2\n"
                       + "[safety]\nvelocity_ceiling = 90\nvolume_ceiling = 80\n")
        let player = MIDISetup.playerConfiguration(c.midi, safety: c.safety, destination: nil)
        #expect(player.channels == [MIDIChannel(2)!, MIDIChannel(3)!])
        #expect(player.bendRange == BendRange(semitones: 12))
        #expect(player.instrument == InstrumentSelection(program: 73, bankMSB: 2))
        #expect(player.ceiling == OutputCeiling(velocity: 90, channelVolume: 80))
    }

    @Test func autoProfileIsFluidSynthsOnlyForAFluidSynth() {
        #expect(MIDISetup.synthProfile(.auto, destination: port("Peach FluidSynth 77")) == .fluidSynth2)
        #expect(MIDISetup.synthProfile(.auto, destination: port("FLUID Synth (123)")) == .fluidSynth2)
        #expect(MIDISetup.synthProfile(.auto, destination: port("Roland JV-1080")) == .generalMIDI)
        #expect(MIDISetup.synthProfile(.generic, destination: port("FLUID Synth (123)")) == .generalMIDI)
        #expect(MIDISetup.synthProfile(.fluidsynth, destination: nil) == .fluidSynth2)
    }

    @Test func everyControllerModeMapsToItsSource() {
        let modes: [(String, ControllerSource?)] = [
            ("cc7", .absolute7Bit(controller: 74)), ("cc14", .absolute14Bit(msb: 31)),
            ("relative-twos", .relative(controller: 74, encoding: .twosComplement)),
            ("relative-offset", .relative(controller: 74, encoding: .binaryOffset)),
            ("relative-sign", .relative(controller: 74, encoding: .signMagnitude)),
            ("pitchbend", .pitchWheel), ("none", nil),
        ]
        for (mode, source) in modes {
            let c = config("[controller]\nmode = \(mode)\ncc = 74\nchannel = 5\n")
            #expect(c.errors.isEmpty, "\(c.errors)")
            #expect(MIDISetup.binding(c.controller)?.source == source, "\(mode)")
            if source != nil { #expect(MIDISetup.binding(c.controller)?.channel == .only(MIDIChannel(4)!)) }
        }
    }

    @Test func commitTriggersAndAnswerNotes() {
        #expect(MIDISetup.triggers(config("").controller).commit == [.sustainPedal, .anyNoteOn])
        #expect(MIDISetup.triggers(config("[controller]\ncommit_trigger = none\n").controller).commit == [])
        #expect(MIDISetup.triggers(config("[controller]\ncommit_trigger = cc:80\n").controller).commit == [.controllerButton(80)])
        #expect(MIDISetup.triggers(config("[controller]\ncommit_trigger = note:C2\n").controller).commit == [.note(MIDINote(36)!)])
        let notes = MIDISetup.triggers(config("[controller]\nanswer_higher_note = E4\nanswer_lower_note = none\n").controller)
        #expect(notes.higherNote == MIDINote(64))
        #expect(notes.lowerNote == nil)
    }

    @Test func pitchWheelDeadZoneAndHoldTimeReachTheTriggers() {
        #expect(MIDISetup.triggers(config("").controller).wheel == PitchWheelSettings())
        #expect(PitchWheelSettings() == PitchWheelSettings(deadZone: 256, holdTime: .milliseconds(150)))
        let wheel = MIDISetup.triggers(config("[controller]\nwheel_dead_zone = 600\nwheel_hold_ms = 300\n").controller).wheel
        #expect(wheel == PitchWheelSettings(deadZone: 600, holdTime: .milliseconds(300)))
        let bad = config("[controller]\nwheel_dead_zone = 9000\nwheel_hold_ms = 5\n")
        #expect(bad.errors.count == 2, "out of range values are reported: \(bad.errors)")
        #expect(MIDISetup.triggers(bad.controller).wheel == PitchWheelSettings())
    }
}

@Suite struct SynthConnectionTests {
    let own = 128
    func port(_ client: Int, _ name: String, types: SequencerPortInfo.PortType = [.synthesizer]) -> SequencerPortInfo {
        SequencerPortInfo(address: SequencerAddress(client: client, port: 0), clientName: name, portName: name + " port",
                          clientKind: .user, capabilities: [.write, .subscribeWrite], types: types)
    }
    func plan(_ port: String? = nil, _ synth: MIDIConfiguration.Synth, _ ports: [SequencerPortInfo]) throws -> SequencerPortInfo? {
        try SynthConnection(requestedPort: port, synth: synth, soundFont: nil, audioDriver: nil).plan(ports: ports, ownClient: own)
    }

    @Test func aNamedPortWinsAndAnUnknownOneIsAnError() throws {
        let ports = [port(14, "Midi Through", types: [.midiGeneric]), port(129, "JV-1080")]
        #expect(try plan("14:0", .auto, ports)?.address.client == 14)
        #expect(throws: SynthConnection.Failure.self) { try plan("999:0", .auto, ports) }
    }

    @Test func autoUsesASynthPortElseLaunchesFluidSynth() throws {
        #expect(try plan(nil, .auto, [port(129, "JV-1080")])?.address.client == 129)
        #expect(try plan(nil, .auto, [port(14, "Midi Through", types: [.midiGeneric])]) == nil, "nil = start FluidSynth")
        #expect(try plan(nil, .fluidsynth, [port(129, "JV-1080")]) == nil)
    }

    @Test func externalNeverLaunchesAndSaysWhatToDo() {
        #expect {
            try plan(nil, .external, [port(14, "Midi Through", types: [.midiGeneric])])
        } throws: { error in
            "\(error)".contains("--synth fluidsynth") && "\(error)".contains("14:0")
        }
    }
}

@Suite struct LenientPortTests {
    @Test func aConfiguredPortThatIsGoneFallsBackWithAWarningUnlessStrict() throws {
        let synth = SequencerPortInfo(address: SequencerAddress(client: 129, port: 0), clientName: "JV-1080", portName: "p",
                                      clientKind: .user, capabilities: [.write, .subscribeWrite], types: [.synthesizer])
        var connection = SynthConnection(requestedPort: "Gone Synth", synth: .auto, soundFont: nil, audioDriver: nil)
        connection.strict = false
        var warnings: [String] = []
        #expect(try connection.plan(ports: [synth], ownClient: 128, warn: { warnings.append($0) })?.clientName == "JV-1080")
        #expect(warnings.count == 1 && warnings[0].contains("only_chosen_synth"))
        connection.strict = true
        #expect(throws: SynthConnection.Failure.self) { try connection.plan(ports: [synth], ownClient: 128) }
    }
}

@Suite struct LearnedBindingTests {
    @Test func aLearnedControlIsSavedAsTheValuesThatBringItBack() {
        let bindings: [ControllerBinding] = [
            ControllerBinding(source: .absolute7Bit(controller: 74), channel: .only(MIDIChannel(2)!)),
            ControllerBinding(source: .absolute14Bit(msb: 1)),
            ControllerBinding(source: .relative(controller: 16, encoding: .signMagnitude), channel: .only(MIDIChannel(15)!)),
            ControllerBinding(source: .pitchWheel),
        ]
        for binding in bindings {
            var configuration = PeachConfiguration.defaults
            for (key, value) in MIDISetup.configValues(for: binding) {
                let accepted = configuration.set(key, to: value, in: Disciplines.schema)
                #expect(accepted, "\(key) = \(value)")
            }
            #expect(MIDISetup.binding(configuration.controller) == binding)
        }
    }
}
