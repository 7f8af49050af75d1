import PeachCore

/// A channel message Peach sends or receives. Data bytes are 7-bit (0...127).
public enum MIDIEvent: Hashable, Sendable {
    case noteOn(channel: MIDIChannel, note: MIDINote, velocity: UInt8)
    case noteOff(channel: MIDIChannel, note: MIDINote, velocity: UInt8)
    case controlChange(channel: MIDIChannel, controller: UInt8, value: UInt8)
    case pitchBend(channel: MIDIChannel, bend: PitchBend)
    case programChange(channel: MIDIChannel, program: UInt8)

    public var channel: MIDIChannel {
        switch self {
        case .noteOn(let channel, _, _), .noteOff(let channel, _, _), .controlChange(let channel, _, _),
             .pitchBend(let channel, _), .programChange(let channel, _):
            channel
        }
    }
}

/// Controller numbers Peach uses by name.
public enum MIDIController {
    public static let bankSelectMSB: UInt8 = 0
    public static let dataEntryMSB: UInt8 = 6
    public static let channelVolume: UInt8 = 7
    public static let expression: UInt8 = 11
    public static let bankSelectLSB: UInt8 = 32
    public static let dataEntryLSB: UInt8 = 38
    public static let sustainPedal: UInt8 = 64
    public static let rpnLSB: UInt8 = 100
    public static let rpnMSB: UInt8 = 101
    public static let allSoundOff: UInt8 = 120
    public static let allNotesOff: UInt8 = 123
}
