import CALSA
import PeachMIDI
import PeachText

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
            return tr(.sequencerCannotOpen, ["reason": Self.text(code) + Self.suffix(detail),
                                             "advice": tr(permission ? .sequencerJoinAudioGroup : .sequencerLoadModule)])
        case .noSuchPort(let address):
            return tr(.sequencerNoSuchPort, ["address": "\(address)"])
        case .portNotWritable(let address, let name):
            return tr(.sequencerPortNotWritable, ["address": "\(address)", "name": name])
        case .portNotReadable(let address, let name):
            return tr(.sequencerPortNotReadable, ["address": "\(address)", "name": name])
        case .call(let function, let code, let detail):
            return tr(.sequencerCallFailed, ["function": function, "reason": Self.text(code) + Self.suffix(detail)]) + Self.hint(code)
        case .destinationNotReading:
            return tr(.sequencerDestinationNotReading)
        case .closed:
            return tr(.sequencerClosed)
        }
    }

    /// libasound's text for a negative error code.
    static func text(_ code: Int32) -> String { String(cString: snd_strerror(code)) }

    /// What a person can do about the errors libasound reports most often.
    static func hint(_ code: Int32) -> String {
        switch -code {
        case ENOENT, ENXIO, EINVAL: tr(.sequencerHintGone)
        case EPERM, EACCES: tr(.sequencerHintRefused)
        case EBUSY: tr(.sequencerHintBusy)
        case ENOMEM, EAGAIN, ENOSPC: tr(.sequencerHintPoolFull)
        case ENODEV: tr(.sequencerHintDeviceGone)
        default: ""
        }
    }

    private static func suffix(_ detail: String) -> String { detail.isEmpty ? "" : " (\(detail))" }
}
