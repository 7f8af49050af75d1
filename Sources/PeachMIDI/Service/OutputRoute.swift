/// What kind of thing Peach's notes go to, shown to the user next to the destination's name.
public enum OutputRouteKind: String, Hashable, Sendable {
    case hardwareSynth
    case softwareSynth
    /// MIDI Through, or a port that says nothing about itself: notes may go nowhere audible.
    case throughOrUnknown

    /// Midi Through by name first (it is a kernel client that looks like hardware), then the
    /// port's type bits, then user-space clients as software.
    public init(_ port: SequencerPortInfo) {
        if port.clientName.lowercased().hasPrefix("midi through") {
            self = .throughOrUnknown
        } else if port.types.contains(.hardware) {
            self = .hardwareSynth
        } else if !port.types.isDisjoint(with: [.software, .synth, .synthesizer]) || port.clientKind == .user {
            self = .softwareSynth
        } else {
            self = .throughOrUnknown
        }
    }
}

/// The connected destination as the UI shows it.
public struct OutputDestination: Hashable, Sendable, CustomStringConvertible {
    public var address: SequencerAddress
    public var name: String
    public var kind: OutputRouteKind

    public init(_ port: SequencerPortInfo) {
        address = port.address
        // FluidSynth started with -p NAME names client and port alike: say it once.
        name = port.portName.hasPrefix(port.clientName) ? port.clientName : "\(port.clientName):\(port.portName)"
        kind = OutputRouteKind(port)
    }

    public var description: String { "\(name) (\(address))" }
}
