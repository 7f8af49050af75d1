import PeachText

/// Ports written for people, as `aconnect -l` shows them, for error messages and `--list-ports`.
public enum PortListing {
    /// `  128:0  'FLUID Synth (1234)' / 'Synth input port (1234:0)'`
    public static func line(_ port: SequencerPortInfo) -> String {
        "  \(port.address)  '\(port.clientName)' / '\(port.portName)'"
    }

    /// One line per port, or a note that there are none.
    public static func lines(_ ports: [SequencerPortInfo]) -> String {
        ports.isEmpty ? tr(.portsNone) : ports.sorted { $0.address < $1.address }.map(line).joined(separator: "\n")
    }
}
