import PeachText

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
            return tr(purpose == .destination ? .portNoneGivenSynth : .portNoneGivenController) + "\n" + Self.valid(purpose, candidates)
        case .noMatch(let text, let purpose, let candidates):
            return tr(.portNoMatch, ["text": text]) + "\n" + Self.valid(purpose, candidates)
        case .unsuitable(let text, let port, let purpose, let candidates):
            let names = ["text": text, "address": "\(port.address)", "client": port.clientName, "port": port.portName]
            return tr(purpose == .destination ? .portNotWritable : .portNotReadable, names) + "\n" + Self.valid(purpose, candidates)
        case .ownClient(let text, let candidates):
            return tr(.portOwnClient, ["text": text]) + "\n" + Self.valid(.destination, candidates)
        }
    }

    private static func valid(_ purpose: PortPurpose, _ candidates: [SequencerPortInfo]) -> String {
        let heading = tr(purpose == .destination ? .portAcceptNotes : .portSendEvents)
        return heading + "\n" + PortListing.lines(candidates)
    }
}
