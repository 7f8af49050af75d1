import Foundation
import PeachCore
import PeachTerminal

/// What the compare-timing screen shows: the tempo, the four clicks, the question, Early / Late, the verdict.
@MainActor
enum CompareTimingScreen {
    static func model(_ timing: CompareTimingSession, warning: StatusWarning?) -> TrainingScreenModel {
        let tempo = timing.currentTrial?.tempo ?? timing.lastCompleted?.trial.tempo
        let prompt: String
        switch timing.state {
        case .idle, .playingPattern: prompt = "Listen: four clicks…"
        case .awaitingAnswer: prompt = "Was the fourth click early or late?"
        case .showingFeedback: prompt = ""
        }
        var feedback = TrainingScreenModel.Line.blank
        if timing.state == .showingFeedback, let last = timing.lastCompleted {
            feedback = .centered(verdict(last), last.isCorrect ? .good : .bad)
        }
        let accuracy = timing.answeredCount > 0 ? Double(timing.correctCount) / Double(timing.answeredCount) : nil
        return TrainingScreenModel(
            title: "Compare timing",
            status: "\(timing.answeredCount) answered · \(ScreenFormat.percent(accuracy))",
            lines: [.centered(tempo.map { "\($0) · sixteenth notes" } ?? "", .bold),
                    .centered("●  ●  ●  ◆", timing.state == .playingPattern ? .accent : .dim), .blank,
                    .centered(prompt, .plain), .blank,
                    .buttons(["← Early", "Late →"], enabled: timing.state == .awaitingAnswer), .blank, feedback, .blank,
                    .text("Answered \(timing.answeredCount) · correct \(timing.correctCount) · accuracy \(ScreenFormat.percent(accuracy))")],
            keyHints: "←/e early · →/l late · Esc/q stop", warning: warning)
    }

    /// "✓ correct: the fourth click was 12.5 ms late (8.3 % of a sixteenth)".
    static func verdict(_ completed: CompletedCompareTiming) -> String {
        let trial = completed.trial
        let when = String(format: "%.1f ms %@ (%.1f %% of a sixteenth)", trial.offset.magnitude.value,
                          trial.isLate ? "late" : "early", trial.percentOfSixteenth)
        return (completed.isCorrect ? "✓ correct" : "✗ wrong") + ": the fourth click was " + when
    }
}
