import Foundation
import PeachCore
import PeachPresentation
import PeachText

/// What the tap-calibration screen shows: the beat, how many clicks were tapped along with, then the result.
@MainActor
public enum TapCalibrationScreen {
    static func model(_ calibration: TapCalibrationSession, warning: StatusWarning?) -> TrainingScreenModel {
        let clicks = TapCalibrationPattern.tappedClicks
        let tempo = calibration.pattern.map { tr(.tapCalibrationTempo, ["tempo": "\($0.tempo)", "clicks": "\(clicks)"]) } ?? ""
        let body: [TrainingScreenModel.Line] = if let result = calibration.result {
            [.paragraph(tr(.tapCalibrationCard, ["summary": summary(result)]), .bold)]
        } else {
            [.centered(tr(.tapCalibrationPrompt), .plain), .blank,
             .centered(tr(.tapCalibrationProgress, count: clicks, ["taps": "\(calibration.tapCount)"]), .plain)]
        }
        return TrainingScreenModel(title: tr(.modeTapCalibration), status: "", lines: [.centered(tempo, .bold), .blank] + body,
                                   keyHints: tr(.tapCalibrationKeyHints), warning: warning)
    }

    /// Every source's outcome, one sentence each: "computer keyboard: your taps come 38.2 ms after the click
    /// you hear (spread 11.0 ms, 22 taps); fill the gap takes it off from now on".
    static func summary(_ result: TapCalibrationResult) -> String {
        guard !result.outcomes.isEmpty else { return tr(.tapCalibrationNoTaps) }
        return result.outcomes.map(sentence).joined(separator: ". ")
    }

    static func sentence(_ outcome: TapCalibrationResult.Outcome) -> String {
        switch outcome {
        case .tooFewTaps(let source, let taps):
            return tr(.tapCalibrationTooFewTaps, count: TapCalibrationPattern.tappedClicks,
                      ["source": TapLatencyText.name(source), "taps": "\(taps)", "minimum": "\(TapCalibrationResult.minimumTaps)"])
        case .tooUneven(let source, let spread):
            return tr(.tapCalibrationTooUneven, ["source": TapLatencyText.name(source), "spread": ScreenFormat.number(spread.value)])
        case .calibrated(let calibration, let saveError):
            let latency = calibration.latency
            let measured = tr(latency.median.value < 0 ? .tapCalibrationEarly : .tapCalibrationLate, count: latency.count, [
                "source": TapLatencyText.name(calibration.source), "ms": ScreenFormat.number(abs(latency.median.value)),
                "spread": ScreenFormat.number(latency.spread.value)])
            let synth = calibration.synthLatency.map { tr(.tapCalibrationSynthTakenOff, ["ms": ScreenFormat.number($0.value)]) } ?? ""
            let stored = saveError.map { tr(.tapCalibrationNotSaved, ["error": $0]) } ?? tr(.tapCalibrationStored)
            return measured + synth + stored
        }
    }
}
