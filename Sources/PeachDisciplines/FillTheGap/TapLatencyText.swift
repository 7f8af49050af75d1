import Foundation
import PeachCore
import PeachPresentation
import PeachText

/// How a tap source and its measured latency read on the screens: the tap calibration's result card and the
/// Info screen's list of calibrated sources (`FillTheGapDiscipline.infoEntries`).
public enum TapLatencyText {
    /// "computer keyboard", "computer keyboard on the page", or the MIDI device's name.
    public static func name(_ source: TapSource) -> String {
        switch source {
        case .keyboard: tr(.tapCalibrationKeyboard)
        case .page: tr(.tapCalibrationPage)
        case .midi(let device): device
        }
    }

    /// For the Info screen: every calibrated source, "computer keyboard +38.2 ms (spread 11.0 ms, 2026-11-27); …";
    /// nil when none is.
    public static func infoSummary(_ calibrations: [TapCalibration]) -> String? {
        guard !calibrations.isEmpty else { return nil }
        return calibrations.sorted { $0.source.storageKey < $1.source.storageKey }.map { calibration in
            let median = calibration.latency.median.value
            return tr(.tapCalibrationInfoEntry, ["source": name(calibration.source),
                                                 "latency": (median >= 0 ? "+" : "−") + ScreenFormat.number(abs(median)),
                                                 "spread": ScreenFormat.number(calibration.latency.spread.value),
                                                 "date": calibration.date.formatted(.iso8601.year().month().day())])
        }.joined(separator: "; ")
    }
}
