import PeachApp
import PeachMIDI
import PeachTrainer
import Testing

@MainActor @Suite struct TapDeviceNamesTests {
    nonisolated static func port(client: Int, name: String) -> SequencerPortInfo {
        SequencerPortInfo(address: SequencerAddress(client: client, port: 0), clientName: name, portName: "\(name) MIDI 1",
                          clientKind: .kernel, capabilities: [.read, .subscribeRead], types: [])
    }

    @Test func aTapIsNamedByItsClientAndTheListIsReadOncePerClient() async {
        let lookups = Counter()
        let names = TapDeviceNames(ports: {
            await lookups.increment()
            return [Self.port(client: 20, name: "nanoPAD2"), Self.port(client: 24, name: "FS-5U footswitch")]
        })
        #expect(await names.name(of: SequencerAddress(client: 24, port: 0)) == "FS-5U footswitch")
        #expect(await names.name(of: SequencerAddress(client: 20, port: 1)) == "nanoPAD2")
        #expect(await names.name(of: SequencerAddress(client: 24, port: 0)) == "FS-5U footswitch")
        #expect(await lookups.value == 2, "each client is looked up once, then remembered")
    }

    @Test func aClientTheListDoesNotNameKeepsItsNumber() async {
        let names = TapDeviceNames(ports: { [] })
        #expect(await names.name(of: SequencerAddress(client: 130, port: 0)) == "MIDI client 130")
    }
}

private actor Counter {
    private(set) var value = 0
    func increment() { value += 1 }
}
