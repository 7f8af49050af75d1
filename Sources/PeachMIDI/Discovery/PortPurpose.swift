/// What Peach wants a port for: sending notes to it, or receiving a controller's events from it.
public enum PortPurpose: Hashable, Sendable {
    case destination
    case source

    func fits(_ port: SequencerPortInfo) -> Bool {
        switch self {
        case .destination: port.acceptsOutput
        case .source: port.providesInput
        }
    }
}
