/// Why a port given by name or number cannot be used. Each message names the bad input and lists
/// the ports that would work.
public enum PortResolutionError: Error, Hashable, Sendable, CustomStringConvertible {
    case empty(PortPurpose, candidates: [SequencerPortInfo])
    case noMatch(String, PortPurpose, candidates: [SequencerPortInfo])
    /// The port exists but cannot be used that way (not writable for notes, not readable for input).
    case unsuitable(String, SequencerPortInfo, PortPurpose, candidates: [SequencerPortInfo])
    /// The text names Peach's own client.
    case ownClient(String, candidates: [SequencerPortInfo])

    public var description: String {
        switch self {
        case .empty(let purpose, let candidates):
            return "no \(Self.noun(purpose)) given.\n" + Self.valid(purpose, candidates)
        case .noMatch(let text, let purpose, let candidates):
            return "'\(text)' matches no sequencer port (give client:port, a client number, or a client or port name).\n"
                + Self.valid(purpose, candidates)
        case .unsuitable(let text, let port, let purpose, let candidates):
            let problem = purpose == .destination
                ? "does not accept notes (not writable by subscription)"
                : "sends no events to subscribers (not readable by subscription)"
            return "'\(text)' is \(port.address) '\(port.clientName)' / '\(port.portName)', which \(problem).\n"
                + Self.valid(purpose, candidates)
        case .ownClient(let text, let candidates):
            return "'\(text)' is Peach's own sequencer client.\n" + Self.valid(.destination, candidates)
        }
    }

    private static func noun(_ purpose: PortPurpose) -> String {
        purpose == .destination ? "synth port" : "controller port"
    }

    private static func valid(_ purpose: PortPurpose, _ candidates: [SequencerPortInfo]) -> String {
        let heading = purpose == .destination ? "Ports that accept notes:" : "Ports that send events:"
        return heading + "\n" + PortListing.lines(candidates)
    }
}
