import Foundation
import PeachAudio
import Testing

/// A calibration note that could not be measured is blamed on the machine (a dropout) only when audio was lost inside
/// a sounding note, never when the key was silent throughout (a preset that does not cover it).
@Suite struct LostAudioTests {
    static let sampleRate = 44_100.0

    static func sine(seconds: Double) -> [Double] {
        (0..<Int(seconds * sampleRate)).map { 0.3 * sin(2 * Double.pi * 440 * Double($0) / sampleRate) }
    }

    @Test func aRunOfExactSilenceInsideASoundingNoteIsLostAudio() {
        var samples = Self.sine(seconds: 1)
        for index in 20_000..<20_100 { samples[index] = 0 }
        #expect(ToneMeasurer.lostAudio(samples, sampleRate: Self.sampleRate, from: 0.2, to: 0.8))
        #expect(!ToneMeasurer.lostAudio(samples, sampleRate: Self.sampleRate, from: 0.6, to: 0.9), "the run is outside")
    }

    @Test func aWholeNoteAndASilentKeyAreNot() {
        #expect(!ToneMeasurer.lostAudio(Self.sine(seconds: 1), sampleRate: Self.sampleRate, from: 0.2, to: 0.8))
        let silent = [Double](repeating: 0, count: 44_100)
        #expect(!ToneMeasurer.lostAudio(silent, sampleRate: Self.sampleRate, from: 0.2, to: 0.8))
        // Zero crossings land on exact zeros now and then: single samples are not a dropout.
        var crossings = Self.sine(seconds: 1)
        for index in stride(from: 100, to: 44_000, by: 50) { crossings[index] = 0 }
        #expect(!ToneMeasurer.lostAudio(crossings, sampleRate: Self.sampleRate, from: 0, to: 1))
    }
}
