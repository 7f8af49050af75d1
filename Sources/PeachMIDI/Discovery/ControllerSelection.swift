/// The controller inputs Peach listens to when the user named none: hardware MIDI ports that send
/// events (a USB keyboard or knob box), excluding synths, the kernel's System and Midi Through
/// clients and Peach itself.
public enum ControllerSelection {
    public static func defaultInputs(from ports: [SequencerPortInfo], ownClient: Int) -> [SequencerPortInfo] {
        ports.filter { port in
            port.providesInput
                && port.address.client != ownClient
                && port.address.client != 0  // System (Timer, Announce)
                && !SynthSelection.isMidiThrough(port)
                && !SynthSelection.isSynth(port)
                && !port.capabilities.contains(.noExport)
                && (port.types.contains(.hardware) || port.clientKind == .kernel)
        }
        .sorted { $0.address < $1.address }
    }
}
