import PeachMIDI

/// Notes at their bend placements as the offline FluidSynth tests render them: one every 700 ms from 300 ms, each
/// held 600 ms and then cut (CC120), so a note's steady part is measured from `start(of:) + 0.15` s.
enum PlacedNoteSequence {
    static func start(of index: Int) -> Double { 0.3 + Double(index) * 0.7 }

    static func midiFile(_ placements: [BentNote], channel: MIDIChannel, instrument: InstrumentSelection) -> StandardMIDIFile {
        var events = SynthSetup.channel(channel, instrument: instrument, bendRange: .default)
            .map { StandardMIDIFile.TimedEvent(milliseconds: 0, event: $0) }
        for (index, placed) in placements.enumerated() {
            let start = 300 + index * 700
            events += [.init(milliseconds: start, event: .pitchBend(channel: channel, bend: placed.bend)),
                       .init(milliseconds: start, event: .noteOn(channel: channel, note: placed.note, velocity: CalibrationSequence.velocity)),
                       .init(milliseconds: start + 600, event: .controlChange(channel: channel, controller: 120, value: 0))]
        }
        return StandardMIDIFile(events: events, endMilliseconds: 300 + placements.count * 700)
    }
}
