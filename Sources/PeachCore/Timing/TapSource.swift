/// Where a tap came from. Each source has a latency of its own (a USB pad, a footswitch through a MIDI
/// interface, the terminal's keyboard path), so the tap calibration measures and stores each apart.
public enum TapSource: Hashable, Sendable {
    /// The computer keyboard: stamped when Peach reads the key (less exact).
    case keyboard
    /// A MIDI key, pad or footswitch, stamped by the kernel; `device` is its sequencer client's name, which
    /// stays the same from one session to the next (its client number does not).
    case midi(device: String)
    /// The computer keyboard as `peach web`'s page reads it: stamped when Peach takes the key, after the browser and
    /// the loopback request have added their own delay, so it is calibrated apart from the terminal's keyboard.
    case page

    /// The name its calibration is stored under: "keyboard", "page", or "midi:" and the client's name.
    public var storageKey: String {
        switch self {
        case .keyboard: "keyboard"
        case .page: "page"
        case .midi(let device): "midi:" + device
        }
    }

    /// The source a storage key names; nil for a key no Peach wrote.
    public init?(storageKey: String) {
        if storageKey == "keyboard" {
            self = .keyboard
        } else if storageKey == "page" {
            self = .page
        } else if storageKey.hasPrefix("midi:"), storageKey.count > "midi:".count {
            self = .midi(device: String(storageKey.dropFirst("midi:".count)))
        } else {
            return nil
        }
    }
}
