import Testing
import Foundation
import PeachCore
@testable import PeachMIDI

private func makeTuning(_ profile: SynthProfile = .generalMIDI, range: BendRange = .default) -> BendTuning {
    BendTuning(range: range, profile: profile)
}

private let exactScaled = SynthProfile(name: "scaled", centsPerBendSemitone: 99.22, pitchResolution: .zero, rounding: .nearest)

@Suite struct BendTuningTests {
    @Test(arguments: [SynthProfile.generalMIDI, exactScaled], [BendRange(semitones: 2), BendRange(semitones: 12)])
    func bendRoundTripsWithinHalfAStep(profile: SynthProfile, range: BendRange) throws {
        let tuning = makeTuning(profile, range: range)
        let reach = tuning.centsPerStep.value * 8191
        for tenth in stride(from: -reach, through: reach, by: reach / 997) {
            let offset = Cents(tenth)
            let bend = try #require(tuning.bend(for: offset))
            #expect(abs((tuning.soundingOffset(of: bend) - offset).value) <= tuning.centsPerStep.value / 2 + 1e-9)
        }
    }

    @Test func stepSizeFollowsTheRangeAndTheSynthsScale() {
        #expect(abs(makeTuning().centsPerStep.value - 200.0 / 8192) < 1e-12)
        #expect(abs(makeTuning(.fluidSynth2).centsPerStep.value - 2 * 99.22 / 8192) < 1e-12)
        // FluidSynth ignores CC38, so a range of 2 st 50 ct is 2 st there.
        let withCents = BendRange(semitones: 2, cents: 50)
        #expect(makeTuning(.fluidSynth2, range: withCents).centsPerStep == makeTuning(.fluidSynth2).centsPerStep)
        #expect(abs(makeTuning(range: withCents).centsPerStep.value - 250.0 / 8192) < 1e-12)
    }

    @Test func fluidSynthPresentsWholeCentsRoundedDown() throws {
        let tuning = makeTuning(.fluidSynth2)
        // Measured: +4096 at ±2 sounded +99.00 (99.22 truncated); +2048 is 49.61 → 49.
        #expect(tuning.presentedOffset(of: PitchBend(4096)!) == Cents(99))
        #expect(tuning.presentedOffset(of: PitchBend(2048)!) == Cents(49))
        #expect(tuning.presentedOffset(of: PitchBend(-2048)!) == Cents(-50), "floor, not toward zero")
    }

    @Test(arguments: [25.0, -37.5, 0.4, -0.4, 49.9, -50, 12.5, 0])
    func fluidSynthBendIsAimedToPresentTheNearestWholeCent(target: Double) throws {
        let tuning = makeTuning(.fluidSynth2)
        let bend = try #require(tuning.bend(for: Cents(target)))
        #expect(tuning.presentedOffset(of: bend) == Cents(target.rounded()))
    }

    /// A 7-bit synth applies only multiples of 128: the bend aims at the middle of the nearest
    /// step's bucket (so dropping the low bits lands on that step), and the presented offset is the step.
    @Test func aSevenBitBendAimsAtTheMiddleOfTheNearestStep() throws {
        let profile = SynthProfile(name: "7-bit", centsPerBendSemitone: 97, pitchResolution: .zero, rounding: .nearest,
                                   bendResolutionBits: 7)
        let tuning = makeTuning(profile)
        let stepCents = 2 * 97 / 64.0
        #expect(profile.appliedBend(PitchBend(127)!) == 0)
        #expect(profile.appliedBend(PitchBend(-1)!) == -128, "the wire value's low bits are dropped: a floor")
        #expect(profile.appliedBend(PitchBend(8191)!) == 8064)
        for target in stride(from: -190.0, through: 190, by: 0.77) {
            let bend = try #require(tuning.bend(for: Cents(target)), "\(target)")
            #expect(bend.value % 128 == 64 || bend.value % 128 == -64, "the middle of a bucket: \(bend)")
            let presented = tuning.presentedOffset(of: bend).value
            #expect(abs(presented - target) <= stepCents / 2 + 1e-9, "\(target) → \(presented)")
            #expect(abs((presented / stepCents).rounded() * stepCents - presented) < 1e-9, "on the step grid")
        }
        #expect(abs(tuning.reach.value - 8064 * 2 * 97 / 8192) < 1e-9)
        #expect(tuning.bend(for: Cents(195)) == nil, "beyond the last step")
        #expect(abs(tuning.smallestStep.value - stepCents) < 1e-9, "what the sessions' smallest difference is raised to")
        #expect(makeTuning(.fluidSynth2).smallestStep == Cents(1))
    }

    @Test func towardZeroRoundingAimsIntoTheRightBucket() throws {
        let profile = SynthProfile(name: "tz", centsPerBendSemitone: 100, pitchResolution: Cents(1), rounding: .towardZero)
        let tuning = makeTuning(profile)
        for target in [-37.6, -0.6, 0.3, 12.7, -12.2] {
            let bend = try #require(tuning.bend(for: Cents(target)))
            #expect(tuning.presentedOffset(of: bend) == Cents(target.rounded()))
        }
        #expect(profile.presented(Cents(-37.9)) == Cents(-37))
    }

    @Test func placementUsesTheSynthsTuningSoA442Works() throws {
        let tuning = makeTuning()
        let a442 = try #require(ReferencePitch(hertz: 442))
        let placed = tuning.placement(of: a442.frequency)
        #expect(placed.note == MIDINote.a4)
        #expect(abs(placed.presentedOffset.value - 1200 * log2(442.0 / 440)) < 0.02)
        #expect(abs(tuning.presentedFrequency(for: a442.frequency).hertz - 442) < 0.01)
        // The far ends of the reference range still land within ±50 c of a key.
        for hertz in [380.0, 500.0] {
            let far = tuning.placement(of: Frequency(hertz))
            #expect(far.presentedOffset.magnitude <= Cents(50.01))
        }
    }

    @Test func presentedFrequencyShowsWhatFluidSynthReallySounds() {
        let tuning = makeTuning(.fluidSynth2)
        let asked = Frequency(440).shifted(by: Cents(0.5))
        let presented = tuning.presentedFrequency(for: asked)
        // A 0.5 c step cannot be presented: it is rounded to a whole cent.
        let presentedCents = Cents.between(Frequency(440), and: presented).value
        #expect(abs(presentedCents - presentedCents.rounded()) < 1e-6)
        #expect(abs(presentedCents - 0.5) <= 0.5 + 1e-9)
    }

    @Test func placementOnAHeldKeyFailsBeyondTheRange() {
        let tuning = makeTuning()
        let a4 = MIDINote.a4
        #expect(tuning.placement(of: Frequency(440).shifted(by: Cents(150)), on: a4) != nil)
        #expect(tuning.placement(of: Frequency(440).shifted(by: Cents(201)), on: a4) == nil)
        #expect(tuning.placement(of: Frequency(440).shifted(by: Cents(-201)), on: a4) == nil)
    }

    @Test func beyondTheMIDIRangeTheBendSaturates() {
        let placed = makeTuning().placement(of: Frequency(30_000))
        #expect(placed.note == MIDINote.highest)
        #expect(placed.bend == PitchBend(clamping: .max))
    }
}
