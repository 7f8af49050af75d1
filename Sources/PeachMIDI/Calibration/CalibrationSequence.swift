import PeachCore

/// The notes a synth plays to be calibrated (docs/synth-calibration.md), one at a time so each
/// measures alone:
/// 1. every key of the training range (plus C4 and A4) with the bend centred: each key's tuning;
/// 2. C4 on a second channel whose RPN 0 range is ±12 semitones, bent to 15 points across the
///    whole wheel: the bend scale (the slope) and whether RPN 0 was honoured (a synth that ignores
///    it bends a sixth as far);
/// 3. A4 at Peach's bend range, bent by −1.75…+1.75 nominal cents in quarter cents: the pitch floor
///    and how the synth rounds onto it;
/// 4. A4 at Peach's bend range, bent by ±(24 + 48·k) units for k = 0…6 (±0.6…±7.6 nominal cents at
///    ±2 semitones): the bend's resolution. A 7-bit synth drops the low 7 bits (steps of 128 units);
///    these bends sit at 3/16, 9/16 and 15/16 of such a step, at the edges of 64- and 32-unit steps
///    differently, so each resolution from 7 to 10 bits sounds its own pattern.
/// Each note ends with All Sound Off, so no release tail leaks into the next note's measurement.
public struct CalibrationSequence: Sendable {
    public static let keyChannel = MIDIChannel(0)!
    public static let sweepChannel = MIDIChannel(1)!
    public static let sweepRange = BendRange(semitones: 12)
    public static let scaleKey = MIDINote(60)!
    public static let floorKey = MIDINote.a4
    public static let velocity: UInt8 = 100

    public let instrument: InstrumentSelection
    public let bendRange: BendRange
    public let probes: [CalibrationProbe]
    public let file: StandardMIDIFile

    public init(keys: ClosedRange<MIDINote>, instrument: InstrumentSelection, bendRange: BendRange,
                noteMilliseconds: Int = 500, gapMilliseconds: Int = 100) {
        self.instrument = instrument
        self.bendRange = bendRange
        let keySet = Set(keys.notes + [Self.scaleKey, Self.floorKey]).sorted()
        var plan: [(CalibrationProbe.Purpose, MIDIChannel, MIDINote, PitchBend, BendRange)] = keySet.map {
            (.keyTuning, Self.keyChannel, $0, .center, bendRange)
        }
        for step in -7...7 where step != 0 {
            let bend = PitchBend(clamping: step >= 0 ? min(step * 1170, PitchBend.range.upperBound) : step * 1170)
            plan.append((.bendScale, Self.sweepChannel, Self.scaleKey, bend, Self.sweepRange))
        }
        let centsPerStep = bendRange.nominal(honouringCents: false).value / BendTuning.fullScale
        for quarter in -7...7 where quarter != 0 {
            let bend = PitchBend(clamping: Int((Double(quarter) * 0.25 / centsPerStep).rounded()))
            plan.append((.pitchFloor, Self.keyChannel, Self.floorKey, bend, bendRange))
        }

        for bend in Self.stepBends {
            plan.append((.bendStep, Self.keyChannel, Self.floorKey, PitchBend(clamping: bend), bendRange))
        }

        var events: [StandardMIDIFile.TimedEvent] = []
        func at(_ milliseconds: Int, _ event: MIDIEvent) { events.append(.init(milliseconds: milliseconds, event: event)) }
        for event in SynthSetup.channel(Self.keyChannel, instrument: instrument, bendRange: bendRange)
            + SynthSetup.channel(Self.sweepChannel, instrument: instrument, bendRange: Self.sweepRange) {
            at(0, event)
        }
        var probes: [CalibrationProbe] = []
        var now = 300
        for (purpose, channel, note, bend, range) in plan {
            let probe = CalibrationProbe(purpose: purpose, channel: channel, note: note, bend: bend, declaredRange: range,
                                         startMilliseconds: now, durationMilliseconds: noteMilliseconds)
            at(now, .pitchBend(channel: channel, bend: bend))
            at(now, .noteOn(channel: channel, note: note, velocity: Self.velocity))
            at(now + noteMilliseconds, .noteOff(channel: channel, note: note, velocity: 64))
            at(now + noteMilliseconds, .controlChange(channel: channel, controller: MIDIController.allSoundOff, value: 0))
            probes.append(probe)
            now += noteMilliseconds + gapMilliseconds
        }
        self.probes = probes
        self.file = StandardMIDIFile(events: events, endMilliseconds: now + 200)
    }

    public var durationMilliseconds: Int { file.endMilliseconds }

    /// The bend-resolution probes' bends, in 14-bit units.
    static let stepBends = (0...6).flatMap { k in [24 + 48 * k, -(24 + 48 * k)] }
}
