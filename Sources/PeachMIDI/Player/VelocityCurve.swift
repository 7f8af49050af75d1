import Foundation
import PeachCore

/// Velocity from a nominal velocity and a gain in dB.
///
/// Curve: the General MIDI / DLS and SoundFont 2 default, where a note's gain relative to
/// velocity 127 is 40·log10(v/127) dB (amplitude ∝ v²; FluidSynth's default concave
/// velocity→attenuation modulator implements it). So a gain of g dB multiplies velocity by
/// 10^(g/40): −6 dB ≈ ×0.71, +6 dB ≈ ×1.41. The result is rounded and clamped to
/// 1...ceiling (a note-on with velocity 0 would be a note-off).
public enum VelocityCurve {
    public static func velocity(_ velocity: MIDIVelocity, gain: AmplitudeDB, ceiling: OutputCeiling) -> UInt8 {
        let scaled = Double(velocity.rawValue) * pow(10, gain.decibels / 40)
        let rounded = scaled.isFinite ? Int(min(scaled, 1000).rounded()) : 127
        return UInt8(min(max(rounded, 1), Int(ceiling.velocity)))
    }

    /// The gain of `velocity` relative to velocity 127 on this curve.
    public static func gain(of velocity: UInt8) -> AmplitudeDB {
        AmplitudeDB(40 * log10(Double(max(velocity, 1)) / 127))
    }
}
