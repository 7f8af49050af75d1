import Foundation
import PeachCore
import PeachPresentation
import PeachText

/// What the compare-timing screen shows: the tempo, the four clicks, the question, Early / Late, the verdict.
@MainActor
enum CompareTimingScreen {
    static func model(_ timing: CompareTimingSession, warning: StatusWarning?) -> TrainingScreenModel {
        let tempo = timing.currentTrial?.tempo ?? timing.tally.last?.trial.tempo
        let prompt: String
        switch timing.state {
        case .idle, .playingPattern: prompt = tr(.compareTimingListen)
        case .awaitingAnswer: prompt = tr(.compareTimingQuestion)
        case .showingFeedback: prompt = ""
        }
        var feedback = TrainingScreenModel.Line.blank
        if timing.state == .showingFeedback, let last = timing.tally.last {
            feedback = .centered(verdict(last), last.isCorrect ? .good : .bad)
        }
        let accuracy = timing.tally.accuracy
        // On a coarse queue timer the clicks sit on its grid: say what that costs, where the tempo line is read.
        let played = timing.currentTrial ?? timing.tally.last?.trial
        let queue: TrainingScreenModel.Line = played.flatMap { trial in
            trial.isOnCoarseQueue ? trial.queuePeriod.map { .centered(Self.coarseQueue($0), .dim) } : nil
        } ?? .blank
        return TrainingScreenModel(
            title: tr(.modeCompareTiming),
            status: tr(.comparisonStatus, ["answered": "\(timing.tally.answered)", "accuracy": ScreenFormat.percent(accuracy)]),
            lines: [.centered(tempo.map { tr(.compareTimingTempo, ["tempo": "\($0)"]) } ?? "", .bold),
                    .centered("●  ●  ●  ◆", timing.state == .playingPattern ? .accent : .dim), queue,
                    .centered(prompt, .plain), .blank,
                    .buttons([.init(tr(.compareTimingEarly), key: .character("e")), .init(tr(.compareTimingLate), key: .character("l"))],
                             enabled: timing.state == .awaitingAnswer), .blank, feedback, .blank,
                    .text(tr(.comparisonTally, ["answered": "\(timing.tally.answered)", "correct": "\(timing.tally.correct)",
                                                "accuracy": ScreenFormat.percent(accuracy)]))],
            keyHints: tr(.compareTimingKeyHints), warning: warning)
    }

    /// "coarse timer: clicks on a 4 ms grid, no offset below 4 ms (snd-hrtimer: 1 ms or finer)".
    static func coarseQueue(_ period: Milliseconds) -> String {
        tr(.compareTimingCoarseQueue, ["period": ScreenFormat.number(period.value)])
    }

    /// "✓ correct: the fourth click was 12.5 ms late (8.3 % of a sixteenth)".
    static func verdict(_ completed: CompletedCompareTiming) -> String {
        let trial = completed.trial
        let when = tr(trial.isLate ? .compareTimingLateOffset : .compareTimingEarlyOffset,
                      ["ms": ScreenFormat.number(trial.offset.magnitude.value), "percent": ScreenFormat.number(trial.percentOfSixteenth)])
        return tr(completed.isCorrect ? .compareTimingVerdictCorrect : .compareTimingVerdictWrong, ["when": when])
    }
}
