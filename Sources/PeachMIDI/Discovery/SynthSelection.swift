/// Chooses a synth when the user named none: a port of type SYNTHESIZER first, then a FluidSynth
/// by name, then (only when asked) Midi Through. Never Peach's own client, never a port that does
/// not accept notes. Among equals the lowest address wins, so the choice is stable.
public enum SynthSelection {
    public static func choose(from ports: [SequencerPortInfo], ownClient: Int,
                              allowMidiThrough: Bool = false) -> SequencerPortInfo? {
        let usable = ports.filter { $0.address.client != ownClient && $0.acceptsOutput }.sorted { $0.address < $1.address }
        return usable.first(where: isSynthesizer)
            ?? usable.first(where: isFluidSynth)
            ?? (allowMidiThrough ? usable.first(where: isMidiThrough) : nil)
    }

    /// A port that makes sound: declared a synthesizer, or a FluidSynth (whatever its declared type).
    public static func isSynth(_ port: SequencerPortInfo) -> Bool {
        isSynthesizer(port) || isFluidSynth(port)
    }

    static func isSynthesizer(_ port: SequencerPortInfo) -> Bool {
        !port.types.intersection([.synthesizer, .synth]).isEmpty && !isMidiThrough(port)
    }

    static func isFluidSynth(_ port: SequencerPortInfo) -> Bool {
        let name = port.clientName.lowercased()
        return name.hasPrefix("fluid synth") || name.contains("fluidsynth")
    }

    /// The kernel's loop-back client (snd-seq-dummy): it makes no sound itself.
    public static func isMidiThrough(_ port: SequencerPortInfo) -> Bool {
        port.clientName.lowercased() == "midi through" || port.portName.lowercased().hasPrefix("midi through port")
    }
}
