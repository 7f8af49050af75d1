import Foundation
import PeachAudio
import PeachCore
import PeachMIDI
import Testing
@testable import PeachApp

@Suite struct FluidSynthCalibrationTests {
    @Test func scratch() async throws {
        let calibrator = FluidSynthCalibrator(soundFont: "/usr/share/sounds/sf2/FluidR3_GM.sf2", instrument: .piano,
                                              bendRange: .default, keys: MIDINote(36)!...MIDINote(84)!)
        let start = Date()
        let result = try await calibrator.calibrate { print($0) }
        print("took", Date().timeIntervalSince(start))
        print(result.summary, result.centsPerBendSemitone, result.keyTuning.offsets.sorted { $0.key < $1.key }.map { "\($0.key.name) \($0.value.value)" })
    }
}
