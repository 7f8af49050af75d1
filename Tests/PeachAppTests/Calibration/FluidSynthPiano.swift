import Foundation
@testable import PeachApp
import PeachCore
import PeachMIDI
@testable import PeachTrainer

/// FluidR3's piano as the offline FluidSynth tests render it (`fluidsynth -F`, no sequencer).
let soundFont = "/usr/share/sounds/sf2/FluidR3_GM.sf2"

func makeCalibrator(program: Int = 0, keys: ClosedRange<MIDINote> = MIDINote(55)!...MIDINote(72)!) -> FluidSynthCalibrator {
    FluidSynthCalibrator(soundFont: soundFont, plan: CalibrationPlan(instrument: InstrumentSelection(program: program),
                                                                     bendRange: .default, keys: keys))
}

/// The piano's calibration, measured once and shared by the tests (each calibration takes seconds).
let pianoCalibration = Task { try await makeCalibrator().calibrate() }
