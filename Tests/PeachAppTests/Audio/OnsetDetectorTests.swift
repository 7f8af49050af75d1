import Foundation
import PeachAudio
import Testing

private let rate = 44_100.0

/// Silence with tones of `frequency` Hz starting at `starts` (frame indices): a linear attack of
/// `attack` s to `level`, held, then a linear release; a seeded noise floor of `noise` peak.
private func makeRecording(starts: [Int], frequency: Double = 698.5, attack: Double = 0.005, hold: Double = 0.05,
                           release: Double = 0.03, level: Double = 0.2, noise: Double = 0, seconds: Double = 2) -> [Double] {
    var samples = [Double](repeating: 0, count: Int(seconds * rate))
    var state: UInt64 = 0x9E37_79B9
    for index in samples.indices where noise > 0 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        samples[index] = noise * (Double(state >> 11) / Double(1 << 53) * 2 - 1)
    }
    for start in starts {
        let length = Int((attack + hold + release) * rate)
        for offset in 0..<min(length, samples.count - start) {
            let time = Double(offset) / rate
            let envelope = time < attack ? time / attack : time < attack + hold ? 1 : max(0, 1 - (time - attack - hold) / release)
            samples[start + offset] += level * envelope * sin(2 * .pi * frequency * time)
        }
    }
    return samples
}

/// A percussive click: full level at once, decaying over `decay` s, a noisy (wood-block-like) body.
private func makePercussiveRecording(starts: [Int], decay: Double = 0.04, seconds: Double = 2) -> [Double] {
    var samples = [Double](repeating: 0, count: Int(seconds * rate))
    for start in starts {
        for offset in 0..<min(Int(6 * decay * rate), samples.count - start) {
            let time = Double(offset) / rate
            samples[start + offset] += 0.5 * exp(-time / decay) * (sin(2 * .pi * 1180 * time) + 0.6 * sin(2 * .pi * 2710 * time + 1))
        }
    }
    return samples
}

/// Onsets of clicks in a recording, on synthetic signals whose starts are known to the sample.
@Suite struct OnsetDetectorTests {
    static let starts = [4410, 13_000, 22_111, 31_500, 44_444, 53_000, 62_345, 75_001]

    /// The test synth's notes: sines with a 5 ms linear attack. Found within 0.3 ms, never before the start.
    @Test func sineAttacksAreFoundWithinAFractionOfAMillisecond() {
        for frequency in [220.0, 698.5, 1760.0] {
            let onsets = OnsetDetector(sampleRate: rate).onsets(in: makeRecording(starts: Self.starts, frequency: frequency))
            #expect(onsets.count == Self.starts.count, "\(frequency) Hz: \(onsets)")
            for (found, start) in zip(onsets, Self.starts) {
                let error = Double(found - start) / rate * 1000
                #expect(error >= 0 && error < 0.3, "\(frequency) Hz: start \(start), found \(found) (\(error) ms)")
            }
        }
    }

    @Test func percussiveClicksAreFoundToTheSample() {
        let onsets = OnsetDetector(sampleRate: rate).onsets(in: makePercussiveRecording(starts: Self.starts))
        #expect(onsets.count == Self.starts.count)
        for (found, start) in zip(onsets, Self.starts) { #expect(abs(found - start) <= 2, "start \(start), found \(found)") }
    }

    /// Noise at 1 % of the clicks' level neither triggers nor drags the onset early.
    @Test func aNoiseFloorIsNotTakenForTheStart() {
        let recording = makeRecording(starts: Self.starts, noise: 0.002)
        let onsets = OnsetDetector(sampleRate: rate).onsets(in: recording)
        #expect(onsets.count == Self.starts.count)
        for (found, start) in zip(onsets, Self.starts) {
            let error = Double(found - start) / rate * 1000
            #expect(abs(error) < 0.5, "start \(start), found \(found) (\(error) ms)")
        }
    }

    /// A long ringing tail that has not died away before the next click: the next onset is still found,
    /// on its own rise, and the tail itself is no onset.
    @Test func aTailStillRingingDoesNotHideOrMoveTheNextClick() {
        let starts = [4410, 11_025, 17_640]  // 150 ms apart
        let recording = makePercussiveRecording(starts: starts, decay: 0.06)
        let onsets = OnsetDetector(sampleRate: rate).onsets(in: recording)
        #expect(onsets.count == starts.count, "\(onsets)")
        for (found, start) in zip(onsets, starts) { #expect(abs(found - start) <= 5, "start \(start), found \(found)") }
    }

    @Test func silenceHasNoOnsets() {
        #expect(OnsetDetector(sampleRate: rate).onsets(in: [Double](repeating: 0, count: 44_100)).isEmpty)
        #expect(OnsetDetector(sampleRate: rate).onsets(in: []).isEmpty)
    }
}
