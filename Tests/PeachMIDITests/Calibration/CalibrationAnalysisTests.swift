import Testing
import PeachCore
@testable import PeachMIDI

/// A model synth with known imperfections: what it sounds for each probe, plus a small
/// deterministic measurement noise.
private struct ModelSynth {
    var centsPerBendSemitone = 100.0
    var resolution = Cents.zero
    var rounding = PitchRounding.nearest
    var honoursRPN = true
    var bendBits = SynthProfile.fullBendBits
    var keyOffsets: [MIDINote: Cents] = [:]
    var noise = 0.02
    var unsteady: (CalibrationProbe) -> Bool = { _ in false }

    func measure(_ sequence: CalibrationSequence) -> [CalibrationMeasurement] {
        let profile = SynthProfile(name: "model", centsPerBendSemitone: centsPerBendSemitone, pitchResolution: resolution,
                                   rounding: rounding, honoursBendRange: honoursRPN, bendResolutionBits: bendBits)
        return sequence.probes.enumerated().map { index, probe in
            let bent = BendTuning(range: probe.declaredRange, profile: profile).presentedOffset(of: probe.bend)
            let jitter = noise * (Double((index * 7919) % 11) / 5 - 1)
            return CalibrationMeasurement(probe: probe, sounded: (keyOffsets[probe.note] ?? .zero) + bent + Cents(jitter),
                                          wander: unsteady(probe) ? Cents(12) : Cents(0.2))
        }
    }
}

private func makeSequence(_ range: BendRange = .default) -> CalibrationSequence {
    CalibrationSequence(keys: MIDINote(55)!...MIDINote(72)!, instrument: .piano, bendRange: range)
}

private func analyse(_ synth: ModelSynth, _ sequence: CalibrationSequence = makeSequence()) throws -> SynthCalibration {
    try CalibrationAnalysis.analyse(synth.measure(sequence), sequence: sequence, synthName: "model", date: "2026-11-22")
}

private let mistuned: [MIDINote: Cents] = [MIDINote(57)!: Cents(3.8), MIDINote(60)!: Cents(-6.6), MIDINote.a4: Cents(1.25)]

@Suite struct CalibrationAnalysisTests {
    @Test func recoversAFluidSynthLikeSynth() throws {
        let result = try analyse(ModelSynth(centsPerBendSemitone: 99.22, resolution: Cents(1), rounding: .down, keyOffsets: mistuned))
        #expect(abs(result.centsPerBendSemitone - 99.22) < 0.05)
        #expect(result.pitchResolution == Cents(1))
        #expect(result.rounding == .down)
        #expect(result.honoursBendRange)
        for (key, offset) in mistuned { #expect(abs((result.keyTuning.offset(of: key) - offset).value) < 0.05) }
        #expect(result.summary.hasPrefix("calibrated 2026-11-22: 99.2 c/semitone, 1 c floor, keys within ±6.6 c"))
    }

    @Test(arguments: [PitchRounding.nearest, .towardZero, .down])
    func tellsTheRoundingApart(rounding: PitchRounding) throws {
        let result = try analyse(ModelSynth(centsPerBendSemitone: 98.5, resolution: Cents(1), rounding: rounding))
        #expect(result.rounding == rounding)
        #expect(result.pitchResolution == Cents(1))
        #expect(abs(result.centsPerBendSemitone - 98.5) < 0.1)
    }

    @Test func aContinuousSynthHasNoFloor() throws {
        let result = try analyse(ModelSynth(centsPerBendSemitone: 100.4))
        #expect(result.pitchResolution == .zero)
        #expect(abs(result.centsPerBendSemitone - 100.4) < 0.05)
        #expect(result.floorDescription == "continuous pitch")
    }

    @Test func noticesASynthThatIgnoresRPN0() throws {
        let result = try analyse(ModelSynth(centsPerBendSemitone: 99.0, honoursRPN: false), makeSequence(BendRange(semitones: 2)))
        #expect(!result.honoursBendRange)
        #expect(abs(result.centsPerBendSemitone - 99.0) < 0.1)
        let profile = result.profile(basedOn: .generalMIDI)
        #expect(profile.effectiveBendRange(BendRange(semitones: 12)) == BendRange(semitones: 2))
    }

    @Test func reportsAKeyTheBendCannotCorrect() throws {
        let far: [MIDINote: Cents] = [MIDINote(64)!: Cents(160), MIDINote(65)!: Cents(-120)]
        let result = try analyse(ModelSynth(keyOffsets: far))
        // ±2 semitones reach 200 c: +160 c plus the ±50 c Peach bends within cannot be reached; −120 c can.
        #expect(result.uncorrectableKeys == [MIDINote(64)!])
    }

    /// A synth that uses only the top 7 bits of the bend (steps of 128 units), with a short bend
    /// scale and mistuned keys: all three are recovered, and the fine sweep (all within one step)
    /// does not make it look like a pitch grid.
    @Test func recoversASevenBitBendWithItsScaleAndKeys() throws {
        let keys: [MIDINote: Cents] = [MIDINote(67)!: Cents(8.4), MIDINote.a4: Cents(-5.6), MIDINote(72)!: Cents(12.3)]
        let result = try analyse(ModelSynth(centsPerBendSemitone: 97, bendBits: 7, keyOffsets: keys))
        #expect(result.bendResolutionBits == 7)
        #expect(abs(result.centsPerBendSemitone - 97) < 0.05)
        #expect(result.pitchResolution == .zero)
        for (key, offset) in keys { #expect(abs((result.keyTuning.offset(of: key) - offset).value) < 0.05) }
        #expect(result.summary.contains("7-bit bend"))
        #expect(result.bendDescription == "7-bit bend (3.03 c steps at ±2 st)")
        #expect(result.profile(basedOn: .generalMIDI).bendStep == 128)
    }

    @Test(arguments: [8, 9, 10, 14])
    func tellsTheBendResolutionsApart(bits: Int) throws {
        let result = try analyse(ModelSynth(centsPerBendSemitone: 99.5, bendBits: bits))
        #expect(result.bendResolutionBits == bits)
        #expect(abs(result.centsPerBendSemitone - 99.5) < 0.05)
    }

    @Test func aCoarseBendOnAWholeCentGridIsBothSeen() throws {
        let result = try analyse(ModelSynth(centsPerBendSemitone: 99.22, resolution: Cents(1), rounding: .down, bendBits: 7))
        #expect(result.bendResolutionBits == 7)
        #expect(result.pitchResolution == Cents(1))
        #expect(abs(result.centsPerBendSemitone - 99.22) < 0.1)
    }

    @Test func aWanderingPresetIsRefusedWithWhatToTurnOff() {
        #expect(throws: CalibrationFailure.self) { try analyse(ModelSynth(unsteady: { $0.note.rawValue % 4 != 0 })) }
        do {
            _ = try analyse(ModelSynth(unsteady: { _ in true }))
        } catch {
            #expect("\(error)".contains("vibrato"))
        }
    }

    @Test func aPresetWhoseLayersBeatCannotShowTheGrid() {
        let beating = ModelSynth(resolution: Cents(1), rounding: .down, unsteady: { _ in false })
        let sequence = makeSequence()
        let measurements = beating.measure(sequence).map { measurement in
            var beaten = measurement
            if measurement.probe.purpose == .pitchFloor { beaten.wander = Cents(2.5) }
            return beaten
        }
        #expect(throws: CalibrationFailure.beatingLayers) {
            try CalibrationAnalysis.analyse(measurements, sequence: sequence, synthName: "model", date: "2026-11-22")
        }
    }

    @Test func aSilentKeyIsNamed() {
        let sequence = makeSequence()
        var measurements = ModelSynth().measure(sequence)
        let index = measurements.firstIndex { $0.probe.purpose == .keyTuning && $0.probe.note == MIDINote(58)! }!
        measurements[index].sounded = nil
        #expect(throws: CalibrationFailure.keysNotMeasured([MIDINote(58)!])) {
            try CalibrationAnalysis.analyse(measurements, sequence: sequence, synthName: "model", date: "2026-11-22")
        }
    }
}

@Suite struct KeyTuningCorrectionTests {
    private let profile = SynthProfile(name: "tuned keys", centsPerBendSemitone: 99.22, pitchResolution: Cents(1), rounding: .down,
                                       keyTuning: KeyTuning(offsets: [MIDINote.a4: Cents(6.6), MIDINote(70)!: Cents(-3.8)]))

    @Test func theBendAimsPastTheKeysOwnTuningAndThePresentedPitchIncludesIt() throws {
        let tuning = BendTuning(profile: profile)
        let placed = tuning.placement(of: Frequency(440))
        #expect(placed.note == MIDINote.a4)
        // The key sounds +6.6 c: the bend must take about 6.6 c off; what sounds is the key's offset
        // plus whole bent cents, so within the 1-cent floor of 440 Hz.
        #expect(placed.bend.value < 0)
        #expect(abs(placed.presentedOffset.value) < 1)
        #expect(abs(placed.presentedOffset.value - (6.6 + tuning.presentedOffset(of: placed.bend).value)) < 1e-9)
        let untuned = BendTuning(profile: SynthProfile.fluidSynth2).placement(of: Frequency(440))
        let correction = tuning.soundingOffset(of: placed.bend) - tuning.soundingOffset(of: untuned.bend)
        #expect(abs(correction.value + 6.6) <= 0.5, "the bend takes the key's 6.6 c off (to the 1-cent grid)")
    }

    @Test func presentedFrequencyIsWithinTheFloorOfTheTargetOnACorrectedKey() {
        let tuning = BendTuning(profile: profile)
        for tenth in stride(from: -450.0, through: 450, by: 37) {
            let target = Frequency(466.16).shifted(by: Cents(tenth / 10))
            let presented = tuning.presentedFrequency(for: target)
            #expect(abs(Cents.between(target, and: presented).value) <= 0.5 + 1e-9)
        }
    }
}
