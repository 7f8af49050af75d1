/// One port as `aconnect -l` lists it.
public struct SequencerPortInfo: Hashable, Sendable {
    public struct Capabilities: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Others may read from it (it is a source, e.g. a keyboard's output).
        public static let read = Capabilities(rawValue: 1 << 0)
        public static let write = Capabilities(rawValue: 1 << 1)
        public static let subscribeRead = Capabilities(rawValue: 1 << 5)
        public static let subscribeWrite = Capabilities(rawValue: 1 << 6)
        public static let noExport = Capabilities(rawValue: 1 << 7)
    }

    public struct PortType: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let midiGeneric = PortType(rawValue: 1 << 1)
        public static let synthesizer = PortType(rawValue: 1 << 18)
        public static let hardware = PortType(rawValue: 1 << 16)
        public static let software = PortType(rawValue: 1 << 17)
        public static let synth = PortType(rawValue: 1 << 10)
        public static let port = PortType(rawValue: 1 << 19)
        public static let application = PortType(rawValue: 1 << 20)
    }

    public enum ClientKind: Hashable, Sendable { case kernel, user }

    public var address: SequencerAddress
    public var clientName: String
    public var portName: String
    public var clientKind: ClientKind
    public var capabilities: Capabilities
    public var types: PortType

    public init(address: SequencerAddress, clientName: String, portName: String, clientKind: ClientKind,
                capabilities: Capabilities, types: PortType) {
        self.address = address
        self.clientName = clientName
        self.portName = portName
        self.clientKind = clientKind
        self.capabilities = capabilities
        self.types = types
    }

    /// Notes can be sent to it through a subscription.
    public var acceptsOutput: Bool { capabilities.contains([.write, .subscribeWrite]) }
    /// Events can be received from it through a subscription (a controller).
    public var providesInput: Bool { capabilities.contains([.read, .subscribeRead]) }
}
