import Testing
import Foundation
import PeachCore
@testable import PeachMIDI

@Suite struct VelocityCurveTests {
    private let open = OutputCeiling(velocity: 127, channelVolume: 127)

    @Test func unchangedGainKeepsTheVelocity() {
        #expect(VelocityCurve.velocity(MIDIVelocity(90)!, gain: .unchanged, ceiling: open) == 90)
    }

    @Test func fortyLogCurve() {
        // −6 dB: ×10^(−6/40) = 0.708; +6 dB: ×1.413.
        #expect(VelocityCurve.velocity(MIDIVelocity(100)!, gain: AmplitudeDB(-6), ceiling: open) == 71)
        #expect(VelocityCurve.velocity(MIDIVelocity(80)!, gain: AmplitudeDB(6), ceiling: open) == 113)
        #expect(abs(VelocityCurve.gain(of: 64).decibels - 40 * log10(64.0 / 127)) < 1e-9)
    }

    @Test func clampedToOneAndTheCeiling() {
        let ceiling = OutputCeiling(velocity: 100, channelVolume: 100)
        #expect(VelocityCurve.velocity(MIDIVelocity(127)!, gain: .unchanged, ceiling: ceiling) == 100)
        #expect(VelocityCurve.velocity(MIDIVelocity(90)!, gain: AmplitudeDB(40), ceiling: ceiling) == 100)
        #expect(VelocityCurve.velocity(MIDIVelocity(90)!, gain: AmplitudeDB(-200), ceiling: ceiling) == 1)
        #expect(VelocityCurve.velocity(MIDIVelocity(90)!, gain: AmplitudeDB(.infinity), ceiling: ceiling) == 100)
    }
}
