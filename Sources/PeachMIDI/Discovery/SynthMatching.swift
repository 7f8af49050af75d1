/// Which newly appeared port counts as "the synth is back" and is offered to the user.
public enum SynthMatching: Hashable, Sendable {
    /// Whatever the automatic choice would take (`SynthSelection.isSynth`): never Midi Through.
    case automaticSynth
    /// What the user named or chose ("only play to the chosen synth"), resolved like `aconnect`.
    case specification(String)

    public func accepts(_ port: SequencerPortInfo, ownClient: Int) -> Bool {
        guard port.address.client != ownClient, port.acceptsOutput else { return false }
        switch self {
        case .automaticSynth:
            return SynthSelection.isSynth(port)
        case .specification(let text):
            return (try? PortResolver(ports: [port], ownClient: ownClient).resolve(text, for: .destination)) != nil
        }
    }
}
