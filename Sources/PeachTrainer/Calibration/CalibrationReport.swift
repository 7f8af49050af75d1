import PeachCore
import PeachMIDI
import PeachText

/// A calibration as text for `peach calibrate`.
public enum CalibrationReport {
    public static func lines(_ calibration: SynthCalibration) -> [String] {
        func cents(_ value: Double) -> String { (value >= 0 ? "+" : "") + SynthCalibration.shown(value, decimals: 2) }
        var lines = [calibration.summary,
                     tr(.calibrationReportBendScale, ["scale": SynthCalibration.shown(calibration.centsPerBendSemitone, decimals: 2)])
                        + tr(calibration.honoursBendRange ? .calibrationReportRpnHonoured : .calibrationReportRpnIgnored),
                     tr(.calibrationReportPitch, ["floor": calibration.floorDescription]),
                     tr(.calibrationReportBend, ["bend": calibration.bendDescription])
                        + (calibration.bendResolutionBits < SynthProfile.fullBendBits ? tr(.calibrationReportAimsAtMiddle) : ""),
                     tr(.calibrationReportKeyTuning)]
        let keys = calibration.keyTuning.offsets.sorted { $0.key < $1.key }
        for start in stride(from: 0, to: keys.count, by: 8) {
            lines.append("    " + keys[start..<min(start + 8, keys.count)].map { key, offset in
                (key.name + " " + cents(offset.value)).padding(10)
            }.joined(separator: " "))
        }
        lines.append(tr(.calibrationReportBeyondRange, ["keys": calibration.uncorrectableKeys.isEmpty ? tr(.calibrationReportNone)
            : tr(.calibrationReportCannotTune, ["keys": calibration.uncorrectableKeys.map(\.name).joined(separator: ", ")])]))
        if !calibration.unsteadyKeys.isEmpty {
            lines.append(tr(.calibrationReportUnsteady, ["keys": calibration.unsteadyKeys.map(\.name).joined(separator: ", ")]))
        }
        return lines
    }
}

private extension String {
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
