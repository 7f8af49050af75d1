import PeachCore

/// How a synth really renders pitch bend, so the player can correct for it and report what was
/// actually presented. The built-in FluidSynth values were measured by FFT of rendered audio
/// (docs/alsa-and-fluidsynth.md, "FluidSynth 2.3.1 pitch facts"); `peach calibrate` measures them per
/// synth, SoundFont and preset (docs/synth-calibration.md).
public struct SynthProfile: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    /// Cents the synth moves per nominal semitone of bend range (100 for an exact synth).
    public var centsPerBendSemitone: Double
    /// The smallest pitch step the synth can sound, in cents; zero means continuous.
    public var pitchResolution: Cents
    /// How the synth lands on its resolution grid.
    public var rounding: PitchRounding
    /// Whether the synth honours CC38 (the cents part of the RPN 0 bend range). FluidSynth ignores it.
    public var honoursBendRangeCents: Bool
    /// The synth's own A4: the frequency of MIDI note 69 with the bend centred. Peach's reference
    /// pitch setting is separate: frequencies arrive absolute and are bent relative to this tuning.
    public var concertPitch: ReferencePitch
    /// Whether the synth honours RPN 0 at all. One that ignores it keeps the GM power-on range
    /// (±2 semitones) whatever Peach asks for.
    public var honoursBendRange: Bool
    /// Each key's own tuning with the bend centred (calibration measures it; empty = all in tune).
    public var keyTuning: KeyTuning
    /// How many of the bend's 14 bits the synth uses (`fullBendBits` for all). A 7-bit synth keeps
    /// only the wire value's top 7 bits (`value >> 7`): its bend moves in steps of 128 units, relative
    /// to the key (3.125 c at ±2 semitones), unlike a pitch grid, which is on absolute pitch.
    public var bendResolutionBits: Int

    /// The range a synth that ignores RPN 0 bends over: the GM power-on value.
    public static let powerOnBendRange = BendRange.default
    /// MIDI pitch bend carries 14 bits.
    public static let fullBendBits = 14
    /// Fewer than 7 would be a coarser bend than the MIDI data byte itself: no synth does that.
    public static let allowedBendBits = 7...fullBendBits

    public init(name: String, centsPerBendSemitone: Double, pitchResolution: Cents, rounding: PitchRounding,
                honoursBendRangeCents: Bool = true, concertPitch: ReferencePitch = .standard,
                honoursBendRange: Bool = true, keyTuning: KeyTuning = .inTune, bendResolutionBits: Int = fullBendBits) {
        self.name = name
        self.centsPerBendSemitone = centsPerBendSemitone
        self.pitchResolution = pitchResolution.magnitude
        self.rounding = rounding
        self.honoursBendRangeCents = honoursBendRangeCents
        self.concertPitch = concertPitch
        self.honoursBendRange = honoursBendRange
        self.keyTuning = keyTuning
        self.bendResolutionBits = min(max(bendResolutionBits, Self.allowedBendBits.lowerBound), Self.allowedBendBits.upperBound)
    }

    /// The bend units between two bends the synth can tell apart: 1 for a 14-bit synth, 128 for a 7-bit one.
    public var bendStep: Int { 1 << (Self.fullBendBits - bendResolutionBits) }

    /// The bend the synth applies for `bend`: the wire value with its low bits dropped (a floor, on
    /// the unsigned wire value, so −1 applies −128 on a 7-bit synth).
    public func appliedBend(_ bend: PitchBend) -> Int {
        let step = bendStep
        let centre = bend.wireValue - bend.value
        return (bend.wireValue / step) * step - centre
    }

    /// The range the synth really applies when Peach sets `requested` with RPN 0.
    public func effectiveBendRange(_ requested: BendRange) -> BendRange {
        honoursBendRange ? requested : Self.powerOnBendRange
    }

    /// FluidSynth 2.x: 99.22 cents per bend semitone and pitch cut to whole cents by an `(unsigned)`
    /// cast of the absolute pitch in cents. Absolute pitch is positive, so that cast is a floor:
    /// relative to the note, +99.2 sounds +99 and −37.5 sounds −38.
    public static let fluidSynth2 = SynthProfile(name: "FluidSynth 2.x", centsPerBendSemitone: 99.22,
                                                 pitchResolution: Cents(1), rounding: .down,
                                                 honoursBendRangeCents: false)

    /// A General MIDI synth that bends exactly and continuously.
    public static let generalMIDI = SynthProfile(name: "General MIDI", centsPerBendSemitone: 100,
                                                 pitchResolution: .zero, rounding: .nearest)

    public var description: String { name }

    /// What the synth sounds for a continuous offset from the note (after its resolution).
    public func presented(_ sounding: Cents) -> Cents {
        let step = pitchResolution.value
        guard step > 0 else { return sounding }
        return Cents(rounding.apply(sounding.value / step) * step)
    }

    /// The offset to aim the bend at so that the synth presents the grid value nearest `target`:
    /// the middle of that value's bucket, so bend quantisation (0.024 c at ±2) cannot tip it over an edge.
    public func aim(for target: Cents) -> Cents {
        let step = pitchResolution.value
        guard step > 0 else { return target }
        let grid = (target.value / step).rounded() * step
        switch rounding {
        case .nearest: return Cents(grid)
        case .down: return Cents(grid + step / 2)
        case .towardZero:
            if grid > 0 { return Cents(grid + step / 2) }
            if grid < 0 { return Cents(grid - step / 2) }
            return Cents(grid)
        }
    }
}

/// How a synth rounds pitch to its resolution.
public enum PitchRounding: String, Hashable, Sendable, CaseIterable {
    case nearest
    /// Floor: what an integer cast of a positive absolute pitch does.
    case down
    case towardZero

    func apply(_ value: Double) -> Double {
        switch self {
        case .nearest: value.rounded()
        case .down: value.rounded(.down)
        case .towardZero: value.rounded(.towardZero)
        }
    }
}
