/// The event bursts that put a synth's channels into the state Peach relies on. Sent at connect
/// and again after any reconnection, since a restarted synth has forgotten all of it.
public enum SynthSetup {
    /// RPN 0 (pitch-bend sensitivity): select it, write semitones (CC6) and cents (CC38), then
    /// select the null RPN (127/127) so a stray data-entry message cannot change it later.
    public static func bendRange(_ range: BendRange, on channel: MIDIChannel) -> [MIDIEvent] {
        [
            .controlChange(channel: channel, controller: MIDIController.rpnMSB, value: 0),
            .controlChange(channel: channel, controller: MIDIController.rpnLSB, value: 0),
            .controlChange(channel: channel, controller: MIDIController.dataEntryMSB, value: UInt8(range.semitones)),
            .controlChange(channel: channel, controller: MIDIController.dataEntryLSB, value: UInt8(range.cents)),
            .controlChange(channel: channel, controller: MIDIController.rpnMSB, value: 127),
            .controlChange(channel: channel, controller: MIDIController.rpnLSB, value: 127),
        ]
    }

    /// Bank select (CC0 then CC32) before the program change, as GM2 and most synths expect.
    public static func instrument(_ instrument: InstrumentSelection, on channel: MIDIChannel) -> [MIDIEvent] {
        [
            .controlChange(channel: channel, controller: MIDIController.bankSelectMSB, value: instrument.bankMSB),
            .controlChange(channel: channel, controller: MIDIController.bankSelectLSB, value: instrument.bankLSB),
            .programChange(channel: channel, program: instrument.program),
        ]
    }

    /// The whole setup for one channel: instrument, bend range, bend centred.
    public static func channel(_ channel: MIDIChannel, instrument: InstrumentSelection, bendRange: BendRange) -> [MIDIEvent] {
        Self.instrument(instrument, on: channel) + Self.bendRange(bendRange, on: channel)
            + [.pitchBend(channel: channel, bend: .center)]
    }

    /// Silences a channel whatever Peach believes is sounding: All Notes Off (CC123), All Sound Off
    /// (CC120, cuts release tails so the following bend reset is inaudible), bend back to centre.
    /// Also what a signal handler sends on the way out.
    public static func silence(_ channels: [MIDIChannel]) -> [MIDIEvent] {
        channels.flatMap { channel in
            [
                .controlChange(channel: channel, controller: MIDIController.allNotesOff, value: 0),
                .controlChange(channel: channel, controller: MIDIController.allSoundOff, value: 0),
                .pitchBend(channel: channel, bend: .center),
            ]
        }
    }
}
