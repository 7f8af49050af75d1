import PeachCore
import PeachMIDI
import Testing

@Suite struct OutputMonitorTests {
    typealias F = PortFixtures

    static func monitor(_ matching: OutputMonitor.Matching = .automaticSynth) -> OutputMonitor {
        OutputMonitor(output: F.peachOut.address, destination: F.fluid.address, matching: matching)
    }

    @Test func destinationClientExitIsOutputLostOnce() {
        var monitor = Self.monitor()
        // The kernel's order when a client quits: unsubscribe, port exit, client exit.
        let events: [AnnounceEvent] = [.portUnsubscribed(sender: F.peachOut.address, destination: F.fluid.address),
                                       .portExit(F.fluid.address), .clientExit(client: 128)]
        let interruptions = events.compactMap { monitor.interruption(for: $0, ports: []) }
        #expect(interruptions.count == 1)
        guard case .outputLost(let reason) = interruptions.first else { Issue.record("no outputLost"); return }
        #expect(reason.contains("128:0"))
        #expect(monitor.destination == nil)
    }

    @Test(arguments: [AnnounceEvent.clientExit(client: 128), .portExit(SequencerAddress(client: 128, port: 0)),
                      .portUnsubscribed(sender: SequencerAddress(client: 130, port: 0), destination: SequencerAddress(client: 128, port: 0))])
    func eachLossAloneStopsTraining(event: AnnounceEvent) {
        var monitor = Self.monitor()
        #expect(monitor.interruption(for: event, ports: [])?.stopsTraining == true)
    }

    @Test func otherClientsComingAndGoingAreIgnored() {
        var monitor = Self.monitor()
        let events: [AnnounceEvent] = [
            .clientExit(client: 129), .portExit(F.timidity0.address), .clientStart(client: 140), .clientChange(client: 128),
            .portChange(F.fluid.address), .portSubscribed(sender: F.peachOut.address, destination: F.monitor.address),
            .portUnsubscribed(sender: F.peachOut.address, destination: F.monitor.address),
            .portUnsubscribed(sender: F.keyboard.address, destination: F.fluid.address),
            .portStart(F.monitor.address),
        ]
        #expect(events.compactMap { monitor.interruption(for: $0, ports: F.desktop) }.isEmpty)
        #expect(monitor.destination == F.fluid.address)
    }

    @Test func aNewSynthIsReportedAvailableButNotConnected() {
        var monitor = Self.monitor()
        _ = monitor.interruption(for: .clientExit(client: 128), ports: [])
        let again = F.port(133, 0, "FLUID Synth (5151)", "Synth input port (5151:0)", caps: F.writable, types: [.synthesizer])
        let event = monitor.interruption(for: .portStart(again.address), ports: F.desktop + [again])
        #expect(event == .outputAvailable(name: "FLUID Synth (5151) (133:0)"))
        #expect(event?.stopsTraining == false)
        #expect(monitor.destination == nil, "reported only: Peach does not reconnect by itself")
    }

    @Test func aNewPortMustMatchTheUsersSpecification() {
        var monitor = Self.monitor(.specification("TiMidity"))
        _ = monitor.interruption(for: .portExit(F.fluid.address), ports: [])
        let fluid = F.port(133, 0, "FLUID Synth (5151)", "Synth input port (5151:0)", caps: F.writable, types: [.synthesizer])
        #expect(monitor.interruption(for: .portStart(fluid.address), ports: [fluid]) == nil)
        #expect(monitor.interruption(for: .portStart(F.timidity0.address), ports: F.desktop) == .outputAvailable(name: "TiMidity (129:0)"))
    }

    @Test func peachsOwnPortsAndPortsThatVanishedAreNotAvailable() {
        var monitor = Self.monitor()
        #expect(monitor.interruption(for: .portStart(F.peachIn.address), ports: F.desktop) == nil)
        #expect(monitor.interruption(for: .portStart(SequencerAddress(client: 150, port: 0)), ports: F.desktop) == nil)
    }
}
