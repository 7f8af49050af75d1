import Foundation

/// Measures the fundamental of a steady tone precisely: the maximum of the Hann-windowed discrete-time
/// Fourier transform near a guess, found on a fine grid and refined by golden-section search. A
/// continuous search (not FFT bins) gives hundredths of a cent on a half-second stationary tone.
public enum PitchMeter {
    public static func fundamental(of samples: ArraySlice<Double>, sampleRate: Double, near guess: Double,
                            searchCents: Double = 80) -> Double {
        let windowed = hannWindowed(samples)
        let low = guess * pow(2, -searchCents / 1200)
        let high = guess * pow(2, searchCents / 1200)
        // The grid only has to land inside the peak's main lobe (±2/T for a Hann window T seconds long): a step of
        // 0.5/T puts a grid point within 0.25/T of the peak (0.2 dB down, where a side lobe is 31 dB down), and the
        // golden-section bracket of ±1 step around it then holds the peak and no other maximum. Never finer than
        // 0.5 Hz, the step a long window had before: half a second of tone needs a quarter of the evaluations.
        let step = max(0.5, 0.5 * sampleRate / Double(max(samples.count, 1)))
        var best = low
        var bestLevel = -1.0
        var frequency = low
        while frequency <= high {
            let level = magnitude(windowed, at: frequency, sampleRate: sampleRate)
            if level > bestLevel { (best, bestLevel) = (frequency, level) }
            frequency += step
        }
        // Golden-section search for the peak within one grid step either side.
        var (a, b) = (best - step, best + step)
        let ratio = (5.0.squareRoot() - 1) / 2
        var c = b - ratio * (b - a)
        var d = a + ratio * (b - a)
        var levelC = magnitude(windowed, at: c, sampleRate: sampleRate)
        var levelD = magnitude(windowed, at: d, sampleRate: sampleRate)
        while b - a > 1e-5 {
            if levelC > levelD {
                (b, d, levelD) = (d, c, levelC)
                c = b - ratio * (b - a)
                levelC = magnitude(windowed, at: c, sampleRate: sampleRate)
            } else {
                (a, c, levelC) = (c, d, levelD)
                d = a + ratio * (b - a)
                levelD = magnitude(windowed, at: d, sampleRate: sampleRate)
            }
        }
        return (a + b) / 2
    }

    /// The Hann-windowed DTFT magnitude at `frequency` as a fraction of a full-window sine carrying
    /// all of the samples' power: about 1 at a lone sine's frequency, the fundamental's share of the
    /// power for a richer tone, and at most 0.027 (−31 dB) on a side lobe of any of them. It tells a
    /// tone's own peak from a side lobe that a search window holding no tone still has a maximum on.
    public static func peakShare(of samples: ArraySlice<Double>, sampleRate: Double, at frequency: Double) -> Double {
        let count = Double(samples.count)
        let power = samples.reduce(0) { $0 + $1 * $1 } / max(count, 1)
        guard power > 0 else { return 0 }
        // A sine of amplitude A (power A²/2) under a Hann window peaks at A·N/4.
        let sineLevel = (2 * power).squareRoot() * count / 4
        return magnitude(hannWindowed(samples), at: frequency, sampleRate: sampleRate) / sineLevel
    }

    public static func cents(_ frequency: Double, relativeTo reference: Double) -> Double {
        1200 * log2(frequency / reference)
    }

    private static func hannWindowed(_ samples: ArraySlice<Double>) -> [Double] {
        let count = samples.count
        return samples.enumerated().map { index, sample in
            sample * (0.5 - 0.5 * cos(2 * Double.pi * Double(index) / Double(count - 1)))
        }
    }

    /// |Σ x[n] e^{−iωn}|, by rotating a phasor (one complex multiply per sample, re-normalised in blocks).
    private static func magnitude(_ samples: [Double], at frequency: Double, sampleRate: Double) -> Double {
        let omega = 2 * Double.pi * frequency / sampleRate
        let (stepRe, stepIm) = (cos(omega), -sin(omega))
        var (re, im) = (0.0, 0.0)
        samples.withUnsafeBufferPointer { buffer in
            var (pRe, pIm) = (1.0, 0.0)
            for index in 0..<buffer.count {
                re += buffer[index] * pRe
                im += buffer[index] * pIm
                (pRe, pIm) = (pRe * stepRe - pIm * stepIm, pRe * stepIm + pIm * stepRe)
                if index & 1023 == 1023 {
                    let angle = -omega * Double(index + 1)
                    (pRe, pIm) = (cos(angle), sin(angle))
                }
            }
        }
        return (re * re + im * im).squareRoot()
    }
}
