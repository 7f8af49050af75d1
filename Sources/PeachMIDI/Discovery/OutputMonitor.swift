import PeachCore

/// Turns the sequencer's announcements into the core's interruptions for the current destination:
/// the destination's client or port leaving, or our subscription to it being removed, is
/// `outputLost` (once); a new port that would be chosen as the synth is `outputAvailable` (reported,
/// never acted on). Pure: the caller passes a port listing taken after the announcement.
public struct OutputMonitor: Sendable {
    /// How a new port is judged a suitable synth again.
    public enum Matching: Hashable, Sendable {
        /// The automatic choice (`SynthSelection`).
        case automaticSynth
        /// What the user typed (`PortResolver`), e.g. "FLUID Synth".
        case specification(String)
    }

    /// Peach's output port ("Peach:out").
    public let output: SequencerAddress
    public let matching: Matching
    /// The connected destination; nil once lost.
    public private(set) var destination: SequencerAddress?

    public init(output: SequencerAddress, destination: SequencerAddress?, matching: Matching) {
        self.output = output
        self.destination = destination
        self.matching = matching
    }

    /// The interruption `event` means, if any. `ports` is the current listing (needed for port starts).
    public mutating func interruption(for event: AnnounceEvent, ports: [SequencerPortInfo]) -> InterruptionEvent? {
        switch event {
        case .clientExit(let client) where client == destination?.client:
            return lose("the synth (client \(client)) left the sequencer")
        case .portExit(let address) where address == destination:
            return lose("the synth's port \(address) was closed")
        case .portUnsubscribed(let sender, let receiver) where sender == output && receiver == destination:
            return lose("the connection \(sender) → \(receiver) was removed")
        case .portStart(let address) where address != destination:
            guard let port = ports.first(where: { $0.address == address }), accepts(port) else { return nil }
            return .outputAvailable(name: "\(port.clientName) (\(port.address))")
        case .clientStart, .clientExit, .clientChange, .portStart, .portExit, .portChange, .portSubscribed, .portUnsubscribed:
            return nil
        }
    }

    /// Peach has (re)connected to `destination`.
    public mutating func connected(to destination: SequencerAddress) {
        self.destination = destination
    }

    private mutating func lose(_ reason: String) -> InterruptionEvent {
        destination = nil
        return .outputLost(reason: reason)
    }

    private func accepts(_ port: SequencerPortInfo) -> Bool {
        guard port.address.client != output.client, port.acceptsOutput else { return false }
        switch matching {
        case .automaticSynth:
            return SynthSelection.isSynth(port)
        case .specification(let text):
            let resolver = PortResolver(ports: [port], ownClient: output.client)
            return (try? resolver.resolve(text, for: .destination)) != nil
        }
    }
}
