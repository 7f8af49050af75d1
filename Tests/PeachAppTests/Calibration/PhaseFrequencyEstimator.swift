import Foundation
import PeachTestSupport
import PeachDisciplines

/// An independent pitch measurement for checking calibration: not the DTFT magnitude peak
/// (`PitchMeter`) but the phase advance of the tone between two Hann-windowed frames. A tone at
/// f0 + δ advances its phase at f0 by 2πδ·Δt more than f0 predicts, so δ = Δφ / (2π Δt). Repeated
/// with a growing Δt, starting from a guess within a few cents.
enum PhaseFrequencyEstimator {
    static func frequency(of samples: [Double], sampleRate: Double, from start: Double, to end: Double, near guess: Double) -> Double {
        let frame = Int(0.1 * sampleRate)
        let first = Int(start * sampleRate)
        let last = Int(end * sampleRate) - frame
        var estimate = guess
        for separation in [0.02, 0.06, Double(last - first) / sampleRate] {
            let hop = Int(separation * sampleRate)
            let a = phase(samples, from: first, count: frame, at: estimate, sampleRate: sampleRate)
            let b = phase(samples, from: first + hop, count: frame, at: estimate, sampleRate: sampleRate)
            // The reference phasor runs from each frame's own start, so at f0 the phase would advance 2π f0·hop/rate.
            let expected = 2 * Double.pi * estimate * Double(hop) / sampleRate
            let delta = atan2(sin(b - a - expected), cos(b - a - expected))
            estimate += delta / (2 * Double.pi * Double(hop) / sampleRate)
        }
        return estimate
    }

    /// Phase of Σ w[n] x[n] e^{−iωn} over one frame.
    private static func phase(_ samples: [Double], from start: Int, count: Int, at frequency: Double, sampleRate: Double) -> Double {
        let omega = 2 * Double.pi * frequency / sampleRate
        var (re, im) = (0.0, 0.0)
        for n in 0..<count {
            let window = 0.5 - 0.5 * cos(2 * Double.pi * Double(n) / Double(count - 1))
            re += window * samples[start + n] * cos(omega * Double(n))
            im -= window * samples[start + n] * sin(omega * Double(n))
        }
        return atan2(im, re)
    }
}
