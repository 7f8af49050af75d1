import PeachCore
import PeachText

/// One probe's measured pitch: the offset from the key's equal-tempered pitch (A4 = 440 Hz) it
/// sounded, or nil when nothing could be measured; `wander`: how far the pitch moved within the note.
public struct CalibrationMeasurement: Hashable, Sendable {
    public var probe: CalibrationProbe
    public var sounded: Cents?
    public var wander: Cents

    /// Beyond this the note counts as unsteady (reported; still measured).
    public static let unsteadyWander = Cents(1)
    /// Beyond this the pitch is modulated (vibrato, LFO), not just beating layers: no use for calibration.
    public static let modulatedWander = Cents(5)

    public init(probe: CalibrationProbe, sounded: Cents?, wander: Cents = .zero) {
        self.probe = probe
        self.sounded = sounded
        self.wander = wander
    }

    public var steady: Bool { wander <= Self.unsteadyWander }
    public var modulated: Bool { wander > Self.modulatedWander }
}

/// Why a calibration could not produce a profile; each says what to do.
public enum CalibrationFailure: Error, Equatable, Sendable, CustomStringConvertible {
    case keysNotMeasured([MIDINote])
    case bendNotMeasured
    case unstablePitch(steadyFraction: Double)
    case beatingLayers

    public var description: String {
        switch self {
        case .keysNotMeasured(let keys):
            tr(.calibrationAnalysisKeysNotMeasured, ["keys": keys.map(\.name).joined(separator: ", ")])
        case .bendNotMeasured:
            tr(.calibrationAnalysisBendNotMeasured)
        case .unstablePitch(let fraction):
            tr(.calibrationAnalysisUnstable, ["cents": "\(Int(CalibrationMeasurement.modulatedWander.value))",
                                              "percent": "\(Int(fraction * 100))"])
        case .beatingLayers:
            tr(.calibrationAnalysisBeating)
        }
    }
}

/// Derives the synth's calibration from the measured probes (pure arithmetic; see
/// docs/synth-calibration.md for the method).
public enum CalibrationAnalysis {
    /// A synth that honours RPN 0 bends the sweep about 100 c per nominal semitone; one that ignores
    /// it stays at ±2 and bends a sixth as far. Halfway between decides.
    static let honouredSlope = 0.5

    public static func analyse(_ measurements: [CalibrationMeasurement], sequence: CalibrationSequence,
                               synthName: String, date: String) throws(CalibrationFailure) -> SynthCalibration {
        let steadyFraction = Double(measurements.filter { !$0.modulated }.count) / Double(max(measurements.count, 1))
        if steadyFraction < 0.5 { throw .unstablePitch(steadyFraction: steadyFraction) }

        let keys = try measuredKeys(measurements)
        let sweep = BendSweep(measurements, keyTuning: keys.tuning)
        let bend = try bendScale(sweep)
        let fit = try bestFit(measurements, sweep: sweep, bend: bend, bendRange: sequence.bendRange, synthName: synthName)
        let (resolution, rounding) = (fit.resolution, fit.rounding)
        // On a grid the slope is only good to the grid's noise; the grid itself pins the scale much
        // closer: each wide bend sounds a whole number of cents, true only for a narrow band of scales.
        let scale = resolution > .zero
            ? refinedScale(sweep.points(bits: fit.bits), slope: fit.slope, resolution: resolution, rounding: rounding) : fit.slope
        let centsPerBendSemitone = 100 * scale * bend.rangeFactor
        let candidate = SynthProfile(name: synthName, centsPerBendSemitone: centsPerBendSemitone, pitchResolution: resolution,
                                     rounding: rounding, honoursBendRange: bend.honoursBendRange, bendResolutionBits: fit.bits)

        let reach = BendTuning(range: sequence.bendRange, profile: candidate).reach
        let halfSemitone = Cents(Cents.perSemitone / 2)
        let uncorrectable = keys.tuning.offsets.filter { $0.value.magnitude + halfSemitone > reach }.keys.sorted()
        return SynthCalibration(synthName: synthName, date: date, centsPerBendSemitone: centsPerBendSemitone,
                                pitchResolution: resolution, rounding: rounding, honoursBendRange: bend.honoursBendRange,
                                keyTuning: keys.tuning, bendRange: sequence.bendRange,
                                uncorrectableKeys: uncorrectable, unsteadyKeys: keys.unsteady.sorted(), bendResolutionBits: fit.bits)
    }

    // MARK: The analysis's steps

    /// Each key's own tuning, and the keys whose pitch wandered while it was measured.
    private struct MeasuredKeys {
        var tuning: KeyTuning
        var unsteady: [MIDINote]
    }

    /// Whether the synth honours RPN 0, and the factor from a slope over the sweep's nominal offsets
    /// to cents per nominal semitone of the range its bends really moved over.
    private struct BendScale {
        var honoursBendRange: Bool
        var rangeFactor: Double
    }

    /// The bend sweep's probes that held their pitch, as points (nominal offset, sounded less the key's tuning).
    private struct BendSweep {
        let probes: [CalibrationMeasurement]
        let keyTuning: KeyTuning

        init(_ measurements: [CalibrationMeasurement], keyTuning: KeyTuning) {
            probes = measurements.filter { $0.probe.purpose == .bendScale && !$0.modulated }
            self.keyTuning = keyTuning
        }

        /// The nominal offset is that of the bend as a synth of `bits` bend resolution applies it.
        func points(bits: Int) -> [(Double, Double)] {
            let quantiser = SynthProfile(name: "", centsPerBendSemitone: 100, pitchResolution: .zero, rounding: .nearest,
                                         bendResolutionBits: bits)
            return probes.compactMap { measurement in
                let applied = Double(quantiser.appliedBend(measurement.probe.bend)) / BendTuning.fullScale
                return measurement.sounded.map { (applied * measurement.probe.declaredRange.nominal(honouringCents: false).value,
                                                  ($0 - keyTuning.offset(of: measurement.probe.note)).value) }
            }
        }
    }

    /// One bend resolution's model of the fine probes: its bend scale, pitch grid, and how closely (RMS) it predicts them.
    private struct Fit { var bits: Int; var slope: Double; var resolution: Cents; var rounding: PitchRounding; var rms: Double }

    /// 1. Each key's own tuning: every key must have sounded.
    private static func measuredKeys(_ measurements: [CalibrationMeasurement]) throws(CalibrationFailure) -> MeasuredKeys {
        var offsets: [MIDINote: Cents] = [:]
        var missing: [MIDINote] = []
        var unsteady: [MIDINote] = []
        for measurement in measurements where measurement.probe.purpose == .keyTuning {
            guard let sounded = measurement.sounded else { missing.append(measurement.probe.note); continue }
            offsets[measurement.probe.note] = sounded
            if !measurement.steady { unsteady.append(measurement.probe.note) }
        }
        guard missing.isEmpty else { throw .keysNotMeasured(missing) }
        return MeasuredKeys(tuning: KeyTuning(offsets: offsets), unsteady: unsteady)
    }

    /// 2. Bend scale: slope of sounded (less the key's tuning) over nominal offset. The slope is
    /// blind to a constant bias, so a floor (always −0.5 c on average) does not tilt it.
    private static func bendScale(_ sweep: BendSweep) throws(CalibrationFailure) -> BendScale {
        let fullSweep = sweep.points(bits: SynthProfile.fullBendBits)
        guard fullSweep.count >= 4, let rawSlope = slope(fullSweep) else { throw .bendNotMeasured }
        let honoursBendRange = rawSlope > honouredSlope
        let sweepSemitones = Double(CalibrationSequence.sweepRange.semitones)
        let powerOnSemitones = Double(SynthProfile.powerOnBendRange.semitones)
        // Ignored RPN: the sweep's bends moved over ±2 semitones, not ±12.
        return BendScale(honoursBendRange: honoursBendRange, rangeFactor: honoursBendRange ? 1 : sweepSemitones / powerOnSemitones)
    }

    /// 3. Bend resolution and pitch grid: which model best predicts the small bends (fractions of
    /// a cent, and a few cents off coarse bend steps). Only notes that hold their pitch within a
    /// cent can tell a grid apart.
    private static func bestFit(_ measurements: [CalibrationMeasurement], sweep: BendSweep, bend: BendScale,
                                bendRange: BendRange, synthName: String) throws(CalibrationFailure) -> Fit {
        let finePurposes: Set<CalibrationProbe.Purpose> = [.pitchFloor, .bendStep]
        let fine = measurements.filter { finePurposes.contains($0.probe.purpose) && $0.steady && $0.sounded != nil }
        guard fine.filter({ $0.probe.purpose == .pitchFloor }).count >= 7 else {
            let measured = measurements.contains { $0.probe.purpose == .pitchFloor && $0.sounded != nil }
            throw measured ? .beatingLayers : .bendNotMeasured
        }
        let fits: [Fit] = SynthProfile.allowedBendBits.reversed().compactMap { bits in
            fit(fine, bits: bits, sweep: sweep, bend: bend, bendRange: bendRange, synthName: synthName)
        }
        // The finest resolution that predicts about as well as the best: a step far below the
        // measurement noise (13 bits: 0.05 c) must not be invented.
        let bestRMS = fits.map(\.rms).min() ?? .infinity
        guard let fit = fits.first(where: { $0.rms <= bestRMS * 1.5 + 0.01 }) else { throw .bendNotMeasured }
        return fit
    }

    /// The model of the fine probes for a synth of `bits` bend resolution, its scale the sweep's slope
    /// at that resolution; nil when the sweep gives no slope.
    private static func fit(_ fine: [CalibrationMeasurement], bits: Int, sweep: BendSweep, bend: BendScale,
                            bendRange: BendRange, synthName: String) -> Fit? {
        guard let bitsSlope = slope(sweep.points(bits: bits)) else { return nil }
        let candidate = SynthProfile(name: synthName, centsPerBendSemitone: 100 * bitsSlope * bend.rangeFactor, pitchResolution: .zero,
                                     rounding: .nearest, honoursBendRange: bend.honoursBendRange, bendResolutionBits: bits)
        let tuning = BendTuning(range: bendRange, profile: candidate)
        let points = fine.compactMap { measurement in
            measurement.sounded.map { (tuning.soundingOffset(of: measurement.probe.bend), $0 - sweep.keyTuning.offset(of: measurement.probe.note)) }
        }
        let (resolution, rounding, rms) = floorModel(points)
        return Fit(bits: bits, slope: bitsSlope, resolution: resolution, rounding: rounding, rms: rms)
    }

    // MARK: Fitting

    /// Least-squares slope of y over x (with intercept), or nil when x does not vary.
    static func slope(_ points: [(Double, Double)]) -> Double? {
        let count = Double(points.count)
        let meanX = points.map(\.0).reduce(0, +) / count
        let meanY = points.map(\.1).reduce(0, +) / count
        let sxx = points.map { ($0.0 - meanX) * ($0.0 - meanX) }.reduce(0, +)
        let sxy = points.map { ($0.0 - meanX) * ($0.1 - meanY) }.reduce(0, +)
        return sxx > 0 ? sxy / sxx : nil
    }

    /// The scale within ±0.5 % of `slope` under which the most sweep points land on the grid value
    /// they sounded (within half a step: measurement noise is far smaller): the middle of that band,
    /// scanned in steps of 1e-6.
    static func refinedScale(_ points: [(Double, Double)], slope: Double, resolution: Cents, rounding: PitchRounding) -> Double {
        let grid = SynthProfile(name: "", centsPerBendSemitone: 100, pitchResolution: resolution, rounding: rounding)
        var bestHits = -1
        var band: [Double] = []
        for step in -5000...5000 {
            let scale = slope * (1 + Double(step) * 1e-6)
            let hits = points.filter { point in
                abs(grid.presented(Cents(scale * point.0)).value - point.1) < resolution.value / 2
            }.count
            if hits > bestHits {
                bestHits = hits
                band = [scale]
            } else if hits == bestHits {
                band.append(scale)
            }
        }
        return band.isEmpty ? slope : (band.first! + band.last!) / 2
    }

    /// Continuous, or a 1-cent grid reached by floor, nearest or toward zero: the model whose
    /// predictions are closest (RMS) to what sounded, and that RMS. Continuous wins unless a grid is clearly better.
    static func floorModel(_ points: [(sounding: Cents, sounded: Cents)]) -> (Cents, PitchRounding, Double) {
        func rms(_ profile: SynthProfile) -> Double {
            let squares = points.map { point in
                let error = (profile.presented(point.sounding) - point.sounded).value
                return error * error
            }
            return (squares.reduce(0, +) / Double(points.count)).squareRoot()
        }
        func model(_ resolution: Cents, _ rounding: PitchRounding) -> SynthProfile {
            SynthProfile(name: "", centsPerBendSemitone: 100, pitchResolution: resolution, rounding: rounding)
        }
        let continuous = rms(model(.zero, .nearest))
        let grid = PitchRounding.allCases.map { ($0, rms(model(Cents(1), $0))) }.min { $0.1 < $1.1 }!
        // A grid must beat continuous clearly: measurement noise alone must not invent one.
        return grid.1 < continuous * 0.5 ? (Cents(1), grid.0, grid.1) : (.zero, .nearest, continuous)
    }
}
