import PeachALSA
import PeachCore
import PeachMIDI
import Testing

extension RealSequencerTests {
    @Suite struct DirectoryTests {
        @Test func listsPortsLikeAconnect() async throws {
            let peach = try ALSASequencer(clientName: "Peach")
            let synth = try TestClient(name: "Fake Synth", portName: "Synth input", writable: true, synthesizer: true)
            let ports = try await peach.ports()

            let own = ports.filter { $0.address.client == peach.ownClient }
            #expect(own.map(\.portName) == ["out", "in"])
            let out = try #require(own.first { $0.address == peach.outputAddress })
            #expect(out.clientName == "Peach" && out.clientKind == .user)
            #expect(out.providesInput && !out.acceptsOutput)
            #expect(out.types.isSuperset(of: [.midiGeneric, .application]))
            let input = try #require(own.first { $0.address == peach.inputAddress })
            #expect(input.acceptsOutput && !input.providesInput)

            let announce = try #require(ports.first { $0.address == .systemAnnounce })
            #expect(announce.clientName == "System" && announce.clientKind == .kernel)
            let fake = try #require(ports.first { $0.address == synth.address })
            #expect(fake.clientName == "Fake Synth" && fake.portName == "Synth input" && fake.types.contains(.synthesizer))
            #expect(SynthSelection.choose(from: ports, ownClient: peach.ownClient)?.address == synth.address)
        }

        @Test func connectingToAMissingPortSaysSo() async throws {
            let peach = try ALSASequencer(clientName: "Peach")
            let missing = SequencerAddress(client: 191, port: 0)
            await #expect(throws: SequencerError.noSuchPort(missing)) { try await peach.connectOutput(to: missing) }
        }

        @Test func connectingToAReadOnlyPortSaysItIsNotWritable() async throws {
            let peach = try ALSASequencer(clientName: "Peach")
            await #expect(throws: SequencerError.portNotWritable(.systemAnnounce, name: "Announce")) {
                try await peach.connectOutput(to: .systemAnnounce)
            }
            let capture = try TestClient(name: "Capture", writable: true)
            await #expect(throws: SequencerError.portNotReadable(capture.address, name: "port")) {
                try await peach.connectInput(from: capture.address)
            }
        }

        @Test func connectAndDisconnectAreIdempotent() async throws {
            let (peach, capture) = try await makePeachWithCapture()
            try await peach.connectOutput(to: capture.address)
            try await peach.disconnectOutput(from: capture.address)
            try await peach.disconnectOutput(from: capture.address)
            try await peach.send([.noteOn(channel: channel1, note: .a4, velocity: 1)])
            #expect(capture.receive(idle: .milliseconds(200)).isEmpty, "nothing may arrive after disconnecting")
        }
    }
}
