import Testing
import PeachCore
@testable import PeachMIDI

private func channel(_ number: Int) -> MIDIChannel { MIDIChannel(number)! }

@Suite struct StandardMIDIFileTests {
    @Test(arguments: [(0, [0x00]), (127, [0x7F]), (128, [0x81, 0x00]), (0x3FFF, [0xFF, 0x7F]),
                      (0x4000, [0x81, 0x80, 0x00]), (300, [0x82, 0x2C])] as [(Int, [UInt8])])
    func variableLengthQuantities(value: Int, bytes: [UInt8]) {
        #expect(StandardMIDIFile.variableLength(value) == bytes)
    }

    @Test func headerSaysFormatZeroOneTrackMillisecondTicks() {
        let bytes = StandardMIDIFile(events: [], endMilliseconds: 0).bytes
        #expect(Array(bytes[0..<14]) == Array("MThd".utf8) + [0, 0, 0, 6, 0, 0, 0, 1, 0x03, 0xE8])
        #expect(Array(bytes[14..<18]) == Array("MTrk".utf8))
        // Tempo 1,000,000 µs per quarter: with 1000 ticks per quarter, one tick is one millisecond.
        #expect(Array(bytes[22..<29]) == [0x00, 0xFF, 0x51, 0x03, 0x0F, 0x42, 0x40])
    }

    @Test func eventsAreSortedByTimeWithDeltasAndTheTrackLengthIsRight() {
        let events: [StandardMIDIFile.TimedEvent] = [
            .init(milliseconds: 500, event: .noteOff(channel: channel(1), note: MIDINote.a4, velocity: 64)),
            .init(milliseconds: 0, event: .pitchBend(channel: channel(1), bend: PitchBend(-8192)!)),
            .init(milliseconds: 0, event: .noteOn(channel: channel(1), note: MIDINote.a4, velocity: 100)),
        ]
        let bytes = StandardMIDIFile(events: events, endMilliseconds: 700).bytes
        let track = Array(bytes[22...])
        let length = bytes[18..<22].reduce(0) { $0 << 8 | Int($1) }
        #expect(length == track.count)
        #expect(Array(track[7...]) == [
            0x00, 0xE1, 0x00, 0x00,            // bend −8192 = wire 0: LSB then MSB
            0x00, 0x91, 69, 100,               // note-on keeps its place after the bend at the same time
            0x83, 0x74, 0x81, 69, 64,          // 500 ms later
            0x81, 0x48, 0xFF, 0x2F, 0x00,      // end of track at 700 ms
        ])
    }

    @Test func bendWireBytesAreSevenBitHalves() {
        #expect(StandardMIDIFile.message(.pitchBend(channel: channel(0), bend: .center)) == [0xE0, 0x00, 0x40])
        #expect(StandardMIDIFile.message(.pitchBend(channel: channel(0), bend: PitchBend(8191)!)) == [0xE0, 0x7F, 0x7F])
        #expect(StandardMIDIFile.message(.controlChange(channel: channel(15), controller: 101, value: 0)) == [0xBF, 101, 0])
        #expect(StandardMIDIFile.message(.programChange(channel: channel(2), program: 73)) == [0xC2, 73])
    }
}
