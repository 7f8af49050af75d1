import PeachCore
import PeachMIDI

/// A calibration as text for `peach calibrate`.
enum CalibrationReport {
    static func lines(_ calibration: SynthCalibration) -> [String] {
        func cents(_ value: Double) -> String { (value >= 0 ? "+" : "") + SynthCalibration.format(value, decimals: 2) }
        var lines = [calibration.summary,
                     "  bend scale   \(SynthCalibration.format(calibration.centsPerBendSemitone, decimals: 2)) c per nominal semitone"
                        + (calibration.honoursBendRange ? " (RPN 0 bend range honoured)" : " (RPN 0 ignored: the range stays ±2 semitones)"),
                     "  pitch        \(calibration.floorDescription)",
                     "  bend         \(calibration.bendDescription)"
                        + (calibration.bendResolutionBits < SynthProfile.fullBendBits
                           ? ": Peach aims each note at the middle of a step and records the step's pitch" : ""),
                     "  key tuning   cents from equal temperament (A4 = 440 Hz), bend centred; Peach corrects each key:"]
        let keys = calibration.keyTuning.offsets.sorted { $0.key < $1.key }
        for start in stride(from: 0, to: keys.count, by: 8) {
            lines.append("    " + keys[start..<min(start + 8, keys.count)].map { key, offset in
                (key.name + " " + cents(offset.value)).padding(10)
            }.joined(separator: " "))
        }
        lines.append("  beyond the bend range: " + (calibration.uncorrectableKeys.isEmpty ? "none"
            : calibration.uncorrectableKeys.map(\.name).joined(separator: ", ") + " (these keys cannot be brought in tune)"))
        if !calibration.unsteadyKeys.isEmpty {
            lines.append("  pitch moved over 1 c within the note (layered samples beating; measured as an average): "
                         + calibration.unsteadyKeys.map(\.name).joined(separator: ", "))
        }
        return lines
    }
}

private extension String {
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
