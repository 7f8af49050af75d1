/// Finds the port a person means, accepting what `aconnect` accepts: `client:port` (or
/// `client.port`), a client number, a client name (quoted or not, with an optional `:port`), plus
/// port names. Without a port number the client's first port that fits the purpose is taken (aconnect
/// takes port 0, which is the same port for synths and keyboards). Names match case-insensitively: an exact
/// client name first, then a client-name prefix (lowest client number wins, as in aconnect), then an
/// exact port name, then a port-name prefix. Pure: works on a listing taken by the caller.
public struct PortResolver: Sendable {
    public let ports: [SequencerPortInfo]
    /// Peach's own client, never a valid answer.
    public let ownClient: Int

    public init(ports: [SequencerPortInfo], ownClient: Int) {
        self.ports = ports.sorted { $0.address < $1.address }
        self.ownClient = ownClient
    }

    /// The ports usable for `purpose`, excluding Peach's own.
    public func candidates(for purpose: PortPurpose) -> [SequencerPortInfo] {
        ports.filter { $0.address.client != ownClient && purpose.fits($0) }
    }

    public func resolve(_ text: String, for purpose: PortPurpose) throws(PortResolutionError) -> SequencerPortInfo {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .empty(purpose, candidates: candidates(for: purpose)) }
        let (clientPart, port) = Self.split(trimmed)
        let match: [SequencerPortInfo]
        if let number = Int(clientPart) {
            match = ports.filter { $0.address.client == number }
        } else if let client = clientNumber(named: clientPart) {
            match = ports.filter { $0.address.client == client }
        } else if port == nil, let named = portNamed(trimmed) {
            match = [named]
        } else {
            match = []
        }
        let chosen: [SequencerPortInfo] = port.map { port in match.filter { $0.address.port == port } } ?? match
        guard let first = chosen.first else {
            throw .noMatch(trimmed, purpose, candidates: candidates(for: purpose))
        }
        guard first.address.client != ownClient else {
            throw .ownClient(trimmed, candidates: candidates(for: purpose))
        }
        // No port given: the client's first port that fits (aconnect would take port 0).
        guard let usable = chosen.first(where: purpose.fits) else {
            throw .unsuitable(trimmed, first, purpose, candidates: candidates(for: purpose))
        }
        return usable
    }

    /// "name:3" → ("name", 3); quotes are removed; no trailing number → no port.
    static func split(_ text: String) -> (client: String, port: Int?) {
        if let quote = text.first, quote == "\"" || quote == "'" {
            let body = text.dropFirst()
            guard let end = body.firstIndex(of: quote) else { return (String(body), nil) }
            let rest = body[body.index(after: end)...]
            if let separator = rest.first, separator == ":" || separator == ".", let port = Int(rest.dropFirst()) {
                return (String(body[..<end]), port)
            }
            return (String(body[..<end]), nil)
        }
        if let separator = text.lastIndex(where: { $0 == ":" || $0 == "." }),
           let port = Int(text[text.index(after: separator)...]), port >= 0 {
            return (String(text[..<separator]).trimmingWhitespace(), port)
        }
        return (text, nil)
    }

    private func clientNumber(named name: String) -> Int? {
        let wanted = name.lowercased()
        let clients = ports.map { (number: $0.address.client, name: $0.clientName) }
        if let exact = clients.first(where: { $0.name == name }) ?? clients.first(where: { $0.name.lowercased() == wanted }) {
            return exact.number
        }
        return clients.first { $0.name.lowercased().hasPrefix(wanted) }?.number
    }

    private func portNamed(_ name: String) -> SequencerPortInfo? {
        let wanted = name.lowercased()
        return ports.first { $0.portName.lowercased() == wanted } ?? ports.first { $0.portName.lowercased().hasPrefix(wanted) }
    }
}

private extension String {
    func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
