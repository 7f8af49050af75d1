import PeachCore
import PeachText

/// Which MIDI control moves the tunable note (the "slider"), and on which channel.
public struct ControllerBinding: Hashable, Sendable, CustomStringConvertible {
    public var source: ControllerSource
    public var channel: ChannelFilter

    public init(source: ControllerSource, channel: ChannelFilter = .any) {
        self.source = source
        self.channel = channel
    }

    public var description: String { tr(.bindingOn, ["source": "\(source)", "channel": "\(channel)"]) }
}

public enum ControllerSource: Hashable, Sendable, CustomStringConvertible {
    /// An absolute knob or fader sending one 7-bit CC: 128 positions.
    case absolute7Bit(controller: UInt8)
    /// An absolute 14-bit control: MSB on `msb` (0...31), LSB on `msb + 32`. 16384 positions.
    case absolute14Bit(msb: UInt8)
    /// An endless encoder sending signed steps.
    case relative(controller: UInt8, encoding: RelativeEncoding)
    /// The pitch-bend wheel, 16384 positions. It springs back to centre, so it is a gesture
    /// (`PitchWheelGesture`): push to tune, hold still, let go to commit the held pitch.
    case pitchWheel

    public var description: String {
        switch self {
        case .absolute7Bit(let controller): "CC\(controller)"
        case .absolute14Bit(let msb): "CC\(msb)/CC\(msb + 32) (14-bit)"
        case .relative(let controller, let encoding): tr(.bindingRelative, ["controller": "\(controller)", "encoding": encoding.rawValue])
        case .pitchWheel: tr(.bindingPitchWheel)
        }
    }
}

/// A channel to listen on, or all of them.
public enum ChannelFilter: Hashable, Sendable, CustomStringConvertible {
    case any
    case only(MIDIChannel)

    public func accepts(_ channel: MIDIChannel) -> Bool {
        switch self {
        case .any: true
        case .only(let wanted): wanted == channel
        }
    }

    public var description: String {
        switch self {
        case .any: tr(.bindingAnyChannel)
        case .only(let channel): tr(.bindingChannel, ["number": "\(channel.displayNumber)"])
        }
    }
}
