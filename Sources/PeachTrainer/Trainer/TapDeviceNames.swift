import PeachMIDI

/// Names the device a MIDI tap came from: its sequencer client's name ("nanoPAD2", "USB MIDI Interface"),
/// which stays the same from one run to the next while its client number does not. Looked up in the port
/// list the first time a client taps, then remembered.
@MainActor
public final class TapDeviceNames {
    private let ports: @Sendable () async throws -> [SequencerPortInfo]
    private var known: [Int: String] = [:]

    public init(ports: @escaping @Sendable () async throws -> [SequencerPortInfo]) {
        self.ports = ports
    }

    public func name(of source: SequencerAddress) async -> String {
        if let name = known[source.client] { return name }
        let listed = try? await ports().first { $0.address.client == source.client }?.clientName
        let name = listed ?? Self.unnamed(source)
        known[source.client] = name
        return name
    }

    /// For a client the port list does not name (it left already): its number, which is all there is.
    public static func unnamed(_ source: SequencerAddress) -> String { "MIDI client \(source.client)" }
}
