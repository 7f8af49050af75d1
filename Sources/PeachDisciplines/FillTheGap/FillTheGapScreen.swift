import Foundation
import PeachCore
import PeachPresentation
import PeachText

/// What the fill-the-gap screen shows: the tempo, how many gaps of this trial were hit, the last trial's result.
@MainActor
enum FillTheGapScreen {
    static func model(_ gaps: FillTheGapSession, warning: StatusWarning?) -> TrainingScreenModel {
        let hits = gaps.offsets.count { $0 != nil }
        let last = gaps.lastCompleted.map { TrainingScreenModel.Line.centered(tr(.fillTheGapLastTrial, ["summary": summary($0)]), .bold) } ?? .blank
        return TrainingScreenModel(
            title: tr(.modeFillTheGap),
            status: tr(.fillTheGapStatus, count: gaps.completedCount),
            lines: [.centered(gaps.current.map { tr(.fillTheGapTempo, ["tempo": "\($0.tempo)"]) } ?? "", .bold),
                    .centered("●  ●  ●  ○", .accent), .blank,
                    .centered(gaps.state == .playing ? tr(.fillTheGapTapPrompt) : "", .plain), .blank,
                    .centered(tr(.fillTheGapThisTrial, count: FillTheGapTrial.cycles, ["hits": "\(hits)"]), .plain), .blank,
                    last],
            keyHints: tr(.fillTheGapKeyHints), warning: warning)
    }

    /// "14 of 16 gaps, mean 12.0 ms early" (and "keyboard taps: rough" when any was from the keyboard).
    static func summary(_ completed: CompletedFillTheGap) -> String {
        let mean = completed.meanOffset.map {
            tr($0.value < 0 ? .fillTheGapMeanEarly : .fillTheGapMeanLate, ["ms": ScreenFormat.number(abs($0.value))])
        } ?? tr(.fillTheGapNoHit)
        return tr(.fillTheGapSummary, count: FillTheGapTrial.cycles, ["hits": "\(completed.hits)", "mean": mean])
            + (completed.kernelStamped ? "" : tr(.fillTheGapKeyboardTaps))
    }
}
