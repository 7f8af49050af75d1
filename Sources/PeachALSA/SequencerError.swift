import CALSA
import PeachMIDI

/// Everything that can go wrong talking to the ALSA sequencer, each with a message a person can act on.
public enum SequencerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `/dev/snd/seq` is missing or cannot be opened (no `snd-seq` module, no PipeWire bridge, no permission).
    case noSequencer(code: Int32, detail: String)
    /// No client/port at that address.
    case noSuchPort(SequencerAddress)
    /// The port exists but does not accept subscriptions for sending notes to it.
    case portNotWritable(SequencerAddress, name: String)
    /// The port exists but does not let us subscribe to its events.
    case portNotReadable(SequencerAddress, name: String)
    /// A libasound call failed: which call, its error code and libasound's own diagnostic, if any.
    case call(String, code: Int32, detail: String)
    /// A destination's input stayed full: it is not reading what we send (a hung synth), so the event was dropped.
    case destinationNotReading
    /// The client has been closed.
    case closed

    public var description: String {
        switch self {
        case .noSequencer(let code, let detail):
            let permission = -code == EACCES || -code == EPERM
            return "cannot open the ALSA sequencer (/dev/snd/seq): \(Self.text(code))\(Self.suffix(detail)). "
                + (permission
                    ? "Add yourself to the 'audio' group (sudo usermod -aG audio $USER, then log in again)."
                    : "Load the kernel module with 'sudo modprobe snd-seq', or install and start PipeWire's "
                      + "ALSA sequencer bridge (pipewire-alsa), then try again.")
        case .noSuchPort(let address):
            return "there is no sequencer port \(address); 'aconnect -l' lists the ports that exist."
        case .portNotWritable(let address, let name):
            return "port \(address) '\(name)' does not accept notes (it is not writable by subscription); "
                + "choose a synth port from 'aconnect -l'."
        case .portNotReadable(let address, let name):
            return "port \(address) '\(name)' does not send events to subscribers; choose a controller's output port."
        case .call(let function, let code, let detail):
            return "\(function) failed: \(Self.text(code))\(Self.suffix(detail))" + Self.hint(code)
        case .destinationNotReading:
            return "the synth is not taking MIDI events (its input stayed full for half a second), so Peach dropped "
                + "what it could not deliver; check that the synth is still running (restart it, or Peach's FluidSynth "
                + "with a restart of Peach)"
        case .closed:
            return "the sequencer client has been closed"
        }
    }

    /// libasound's text for a negative error code.
    static func text(_ code: Int32) -> String { String(cString: snd_strerror(code)) }

    /// What a person can do about the errors libasound reports most often.
    static func hint(_ code: Int32) -> String {
        switch -code {
        case ENOENT, ENXIO, EINVAL: ". The client or port may have just gone away; 'aconnect -l' shows what exists now."
        case EPERM, EACCES: ". The port refuses this connection (check its capabilities with 'aconnect -l')."
        case EBUSY: ". The connection already exists or the port is exclusively owned by another program."
        case ENOMEM, EAGAIN, ENOSPC: ". The sequencer's event pool is full: something is sending or scheduling too many events."
        case ENODEV: ". The sequencer device went away (was the snd-seq module or PipeWire restarted?); restart Peach."
        default: ""
        }
    }

    private static func suffix(_ detail: String) -> String { detail.isEmpty ? "" : " (\(detail))" }
}
