import Testing
import PeachCore
@testable import PeachMIDI

@Suite struct SynthSetupTests {
    private let channel = MIDIChannel(displayNumber: 3)!

    @Test func rpnZeroSequenceBytes() {
        let events = SynthSetup.bendRange(BendRange(semitones: 12, cents: 50), on: channel)
        let bytes = events.map { event -> [UInt8] in
            guard case .controlChange(let ch, let cc, let value) = event else { return [] }
            return [0xB0 | ch.rawValue, cc, value]
        }
        #expect(bytes == [[0xB2, 101, 0], [0xB2, 100, 0], [0xB2, 6, 12], [0xB2, 38, 50], [0xB2, 101, 127], [0xB2, 100, 127]])
    }

    @Test func bankSelectPrecedesProgramChange() {
        let events = SynthSetup.instrument(InstrumentSelection(program: 73, bankMSB: 1, bankLSB: 2), on: channel)
        #expect(events == [.controlChange(channel: channel, controller: 0, value: 1),
                           .controlChange(channel: channel, controller: 32, value: 2),
                           .programChange(channel: channel, program: 73)])
    }

    @Test func silenceIsAllNotesOffAllSoundOffAndBendCentre() {
        #expect(SynthSetup.silence([channel]) == [.controlChange(channel: channel, controller: 123, value: 0),
                                                  .controlChange(channel: channel, controller: 120, value: 0),
                                                  .pitchBend(channel: channel, bend: .center)])
    }

    @Test func bendRangeIsClamped() {
        #expect(BendRange(semitones: 40, cents: 150) == BendRange(semitones: 24, cents: 99))
        #expect(BendRange(semitones: 0) == BendRange(semitones: 1))
    }
}
