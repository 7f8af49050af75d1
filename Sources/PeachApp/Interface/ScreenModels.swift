import Foundation
import PeachCore
import PeachMIDI
import PeachTerminal

/// Fills the terminal screens' plain models from the trainer's real state. Pure, so what each
/// screen would show is testable without a terminal.
@MainActor
public enum ScreenModels {
    public static func profileChart(_ profile: PerceptualProfile, range: ClosedRange<MIDINote>,
                                    trend: TrainingTrend?) -> ProfileChartModel {
        let points = profile.thresholds(in: range).map { threshold in
            ProfileChartPoint(note: threshold.note, threshold: threshold.isTrained ? threshold.mean : nil,
                              spread: threshold.count > 1 ? threshold.standardDeviation : nil)
        }
        let summary = profile.summary(in: range)
        return ProfileChartModel(points: points, mean: summary?.mean, standardDeviation: summary?.standardDeviation,
                                 trend: trend.map(profileTrend))
    }

    public static func profileTrend(_ trend: TrainingTrend) -> ProfileTrend {
        switch trend {
        case .improving: .improving
        case .stable: .stable
        case .declining: .declining
        }
    }

    public static func synthStatus(_ state: OutputServiceState) -> DeviceStatus {
        if let destination = state.destination { return DeviceStatus(name: destination.description, state: .connected) }
        if state.lossReason != nil { return DeviceStatus(name: state.offeredDestination, state: .lost) }
        return .none
    }

    public static func warnings(_ controller: TrainerController) -> [StatusWarning] {
        var warnings: [StatusWarning] = []
        let synthLost = controller.outputState.lossReason != nil && controller.outputState.destination == nil
        if synthLost, let lost = controller.outputState.lossReason {
            let hint = controller.outputState.offeredDestination.map { "\($0) appeared: press c to connect to it." }
                ?? "Reconnect the synth (or restart with --synth fluidsynth)."
            warnings.append(.synthLost(hint: "\(lost). \(hint)"))
        }
        if let saving = controller.saveWarning() { warnings.append(.resultsNotSaved(reason: saving)) }
        // While the synth is lost, the sessions' "training stopped" would only repeat the warning above.
        if let status = synthLost ? controller.message : controller.trainingStatus {
            warnings.append(.other(status))
        }
        return warnings
    }

    public static func comparison(_ controller: TrainerController) -> ComparisonScreenModel {
        let session = controller.comparison
        let phase: ComparisonScreenModel.Phase
        switch session.state {
        case .idle, .playingNote1: phase = .playingNote1
        case .playingNote2: phase = .playingNote2
        case .awaitingAnswer: phase = .awaitingAnswer
        case .showingFeedback:
            if let last = session.lastCompleted {
                phase = .feedback(correct: last.isCorrect, difference: last.presentedCentOffset.magnitude)
            } else {
                phase = .awaitingAnswer
            }
        }
        return ComparisonScreenModel(phase: phase, canAnswer: session.isAnswerEnabled, answered: session.answeredCount,
                                     correct: session.correctCount, warning: warnings(controller).first)
    }

    public static func pitchMatching(_ controller: TrainerController, knobMoving: Bool) -> PitchMatchingScreenModel {
        let session = controller.pitchMatching
        let phase: PitchMatchingScreenModel.Phase
        switch session.state {
        case .idle, .playingReference: phase = .listeningToReference
        case .playingTunable: phase = .tuning
        case .showingFeedback: phase = session.lastResult.map { .result(error: $0.userCentError) } ?? .tuning
        }
        let statistics = controller.profile.pitchMatching
        return PitchMatchingScreenModel(phase: phase, knobMoving: knobMoving, matched: session.completedCount,
                                        meanAbsoluteError: statistics.count > 0 ? statistics.meanAbsoluteError : nil,
                                        warning: warnings(controller).first)
    }

    public static func profile(_ controller: TrainerController, range: ClosedRange<MIDINote>) -> ProfileScreenModel {
        let statistics = controller.profile.pitchMatching
        let matching = PitchMatchingStats(
            count: statistics.count,
            meanAbsoluteError: statistics.count > 0 ? statistics.meanAbsoluteError : nil,
            standardDeviation: statistics.count > 1 ? statistics.standardDeviation : nil,
            trend: controller.history.pitchMatchingTrend.map(profileTrend))
        return ProfileScreenModel(chart: profileChart(controller.profile, range: range, trend: controller.history.comparisonTrend),
                                  comparisonCount: controller.profile.comparisonCount, pitchMatching: matching)
    }

    public static func quietBreak(_ controller: TrainerController) -> BreakScreenModel {
        var remaining = Duration.zero
        if case .onBreak(let left) = controller.breaks.status(at: controller.now) { remaining = left }
        return BreakScreenModel(remaining: remaining, canSnooze: !controller.breaks.snoozedThisCycle,
                                snoozeMinutes: Int(controller.breaks.settings.snoozeTime.timeInterval / 60))
    }
}
