import Foundation
import PeachCore
import PeachTerminal

/// What the fill-the-gap screen shows: the tempo, how many gaps of this trial were hit, the last trial's result.
@MainActor
enum FillTheGapScreen {
    static func model(_ gaps: FillTheGapSession, warning: StatusWarning?) -> TrainingScreenModel {
        let hits = gaps.offsets.count { $0 != nil }
        let last = gaps.lastCompleted.map { TrainingScreenModel.Line.centered("Last trial: " + summary($0), .bold) } ?? .blank
        return TrainingScreenModel(
            title: "Fill the gap",
            status: "\(gaps.completedCount) trials",
            lines: [.centered(gaps.current.map { "\($0.tempo) · sixteenth notes · one silent step in four" } ?? "", .bold),
                    .centered("●  ●  ●  ○", .accent), .blank,
                    .centered(gaps.state == .playing ? "Tap into every silent step" : "", .plain), .blank,
                    .centered("This trial: \(hits) of \(FillTheGapTrial.cycles) gaps hit so far", .plain), .blank, last],
            keyHints: "Space/Enter tap (a MIDI key or pad taps exactly) · Esc/q stop", warning: warning)
    }

    /// "14 of 16 gaps, mean 12.0 ms early" (and "keyboard taps: rough" when any was from the keyboard).
    static func summary(_ completed: CompletedFillTheGap) -> String {
        let mean = completed.meanOffset.map {
            String(format: "mean %.1f ms %@", abs($0.value), $0.value < 0 ? "early" : "late")
        } ?? "no gap hit"
        return "\(completed.hits) of \(FillTheGapTrial.cycles) gaps, " + mean
            + (completed.kernelStamped ? "" : " (keyboard taps: stamped when read, rough)")
    }
}
