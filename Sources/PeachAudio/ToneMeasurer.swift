import Foundation

/// The pitch and level of one steady note inside a recording.
public struct ToneMeasurement: Sendable {
    public var frequency: Double
    /// How far the pitches of the window's two halves differ, in cents: vibrato, an LFO on pitch,
    /// layered detuned samples beating, or a glitch in the audio.
    public var wanderCents: Double
    /// The halves agree within `ToneMeasurer.steadyCents`.
    public var steady: Bool { wanderCents < ToneMeasurer.steadyCents }
    /// RMS level of the window, dB relative to full scale.
    public var levelDB: Double
    /// The window holds a run of exact digital silence: a dropout (a synth or capture that could
    /// not keep up), which no real tone or converter noise produces.
    public var dropout = false
    /// `PitchMeter.peakShare` at `frequency`: near 0 (below 0.03) when the search window held no tone
    /// and its maximum is a side lobe of one outside it.
    public var peakShare = 1.0
}

/// Measures a note between two times of a sample buffer with `PitchMeter`: the whole window, then
/// each half (to tell a steady tone from a wandering one).
public enum ToneMeasurer {
    public static let steadyCents = 1.0
    /// Below this the window counts as silence.
    public static let silenceDB = -70.0
    /// This many exactly-zero samples in a row inside a sounding note make a dropout.
    public static let dropoutSamples = 32

    /// `guess` must be within `searchCents` of the fundamental. Nil when the window is silent or outside the samples.
    public static func measure(_ samples: [Double], sampleRate: Double, from start: Double, to end: Double,
                               near guess: Double, searchCents: Double = 60) -> ToneMeasurement? {
        let from = Int(start * sampleRate), to = Int(end * sampleRate)
        guard from >= 0, to <= samples.count, to - from > 64 else { return nil }
        let window = samples[from..<to]
        let levelDB = level(of: window)
        guard levelDB > silenceDB else { return nil }
        let whole = PitchMeter.fundamental(of: window, sampleRate: sampleRate, near: guess, searchCents: searchCents)
        let middle = (from + to) / 2
        let first = PitchMeter.fundamental(of: samples[from..<middle], sampleRate: sampleRate, near: whole, searchCents: 10)
        let second = PitchMeter.fundamental(of: samples[middle..<to], sampleRate: sampleRate, near: whole, searchCents: 10)
        return ToneMeasurement(frequency: whole, wanderCents: abs(PitchMeter.cents(first, relativeTo: second)), levelDB: levelDB,
                               dropout: holdsZeroRun(window),
                               peakShare: PitchMeter.peakShare(of: window, sampleRate: sampleRate, at: whole))
    }

    /// Whether the window sounds but holds a run of exact digital silence: audio a synth or a capture that could not
    /// keep up lost inside a note. A window silent throughout is not: that is a key the synth does not play.
    public static func lostAudio(_ samples: [Double], sampleRate: Double, from start: Double, to end: Double) -> Bool {
        let from = max(Int(start * sampleRate), 0), to = min(Int(end * sampleRate), samples.count)
        guard to - from > 64 else { return false }
        let window = samples[from..<to]
        return level(of: window) > silenceDB && holdsZeroRun(window)
    }

    /// dB of the window's power, a full-scale sine reading 0 dB.
    private static func level(of window: ArraySlice<Double>) -> Double {
        let power = window.reduce(0) { $0 + $1 * $1 } / Double(window.count)
        return 10 * log10(max(power, 1e-20)) + 3.01
    }

    private static func holdsZeroRun(_ window: ArraySlice<Double>) -> Bool {
        var zeros = 0
        for sample in window {
            zeros = sample == 0 ? zeros + 1 : 0
            if zeros >= dropoutSamples { return true }
        }
        return false
    }
}
