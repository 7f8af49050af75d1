/// A sequencer port address, written "client:port" as aconnect does (e.g. "128:0").
public struct SequencerAddress: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var client: Int
    public var port: Int

    public init(client: Int, port: Int) {
        self.client = client
        self.port = port
    }

    /// System:Announce, where the kernel reports clients and ports coming and going.
    public static let systemAnnounce = SequencerAddress(client: 0, port: 1)

    public var description: String { "\(client):\(port)" }

    public static func < (lhs: SequencerAddress, rhs: SequencerAddress) -> Bool {
        (lhs.client, lhs.port) < (rhs.client, rhs.port)
    }
}
