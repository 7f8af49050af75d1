/// Joins a 14-bit controller's MSB (CC n) and LSB (CC n+32) into one position, 0...16383.
///
/// As the MIDI spec says, a new MSB resets the LSB to 0, so a position is reported on the MSB
/// (coarse, at most one coarse step below the truth) and refined by the LSB that devices send
/// right after it. An LSB before any MSB is remembered but not reported: the position is unknown.
struct FourteenBitPairer: Sendable {
    private var msb: [MIDIChannel: Int] = [:]

    mutating func msb(_ value: UInt8, on channel: MIDIChannel) -> Int {
        msb[channel] = Int(value & 0x7F)
        return Int(value & 0x7F) << 7
    }

    mutating func lsb(_ value: UInt8, on channel: MIDIChannel) -> Int? {
        guard let coarse = msb[channel] else { return nil }
        return coarse << 7 | Int(value & 0x7F)
    }
}
