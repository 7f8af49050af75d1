import Foundation
import PeachCore
@testable import PeachMIDI

/// A virtual clock: records every sleep and returns at once (no wall-clock waiting). `holdSleep(n)`
/// parks the n-th sleep (1-based) until `release()`, so a test can act in the middle of a fade.
actor VirtualClock: TrainingClock {
    private(set) var sleeps: [Duration] = []
    private var holdAt: Int?
    private var holding = false

    nonisolated func now() -> Date { Date(timeIntervalSince1970: 0) }

    func holdSleep(_ number: Int) { holdAt = number }
    func release() { holding = false }
    var isHolding: Bool { holding }

    func sleep(for duration: Duration) async throws {
        sleeps.append(duration)
        if sleeps.count == holdAt {
            holding = true
            while holding { await Task.yield() }
        }
        try Task.checkCancellation()
    }
}

/// A sequencer directory with a fixed port list that records connections.
actor FakeDirectory: SequencerDirectory {
    nonisolated let ownClient = 130
    private(set) var connected: [SequencerAddress] = []
    private(set) var disconnected: [SequencerAddress] = []
    var portList: [SequencerPortInfo]

    init(ports: [SequencerPortInfo]) { portList = ports }

    func ports() async throws -> [SequencerPortInfo] { portList }
    func connectOutput(to destination: SequencerAddress) async throws { connected.append(destination) }
    func disconnectOutput(from destination: SequencerAddress) async throws { disconnected.append(destination) }
    func connectInput(from source: SequencerAddress) async throws {}
}

func makePort(client: Int, port: Int = 0, clientName: String, portName: String = "Synth input port",
              kind: SequencerPortInfo.ClientKind = .user,
              types: SequencerPortInfo.PortType = [.midiGeneric, .software, .synthesizer]) -> SequencerPortInfo {
    SequencerPortInfo(address: SequencerAddress(client: client, port: port), clientName: clientName, portName: portName,
                      clientKind: kind, capabilities: [.write, .subscribeWrite], types: types)
}
