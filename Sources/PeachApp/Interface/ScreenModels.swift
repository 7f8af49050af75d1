import Foundation
import PeachCore
import PeachDisciplines
import PeachMIDI
import PeachTerminal
import PeachText

/// Fills the terminal screens' plain models from the trainer's real state. Pure, so what each
/// screen would show is testable without a terminal.
@MainActor
public enum ScreenModels {
    /// The Start screen's menu: the registry's modes, then Profile, Settings and Info.
    public static func startMenu(_ modes: [any TrainingMode], selectedIndex: Int = 0) -> StartMenu {
        StartMenu(titles: StartMenuEntry.entries(for: modes).map { $0.title(in: modes) }, selectedIndex: selectedIndex)
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
            let hint = controller.outputState.offeredDestination.map { tr(.warningSynthOffered, ["destination": $0]) }
                ?? tr(.warningReconnectSynth)
            warnings.append(.synthLost(hint: "\(lost). \(hint)"))
        }
        if let saving = controller.saveWarning() { warnings.append(.resultsNotSaved(reason: saving)) }
        // While the synth is lost, the sessions' "training stopped" would only repeat the warning above.
        if let status = synthLost ? controller.message : controller.trainingStatus {
            warnings.append(.other(status))
        }
        return warnings
    }

    /// The running mode's screen, with the app-wide warning and the knob light.
    public static func training(_ session: any ModeSession, controller: TrainerController, knobMoving: Bool) -> Screen {
        session.screen(ModeScreenContext(warning: warnings(controller).first, knobMoving: knobMoving,
                                         profile: controller.profile))
    }

    public static func profile(_ controller: TrainerController, range: ClosedRange<MIDINote>) -> ProfileScreenModel {
        let statistics = controller.profile.pitchMatching(in: .unisonPitchMatching)
        let matching = PitchMatchingStats(
            count: statistics.count, summary: controller.profile.pitchMatchingSummary(of: .unisonPitchMatching),
            trend: controller.history.trend(of: .unisonPitchMatching).map(ProfileTrend.init))
        return ProfileScreenModel(chart: ComparisonChart.model(controller.profile, range: range,
                                                               trend: controller.history.trend(of: .unisonComparison)),
                                  comparisonCount: controller.profile.comparisonCount(in: .unisonComparison),
                                  pitchMatching: matching, progress: ComparisonProgress.line(controller.profile))
    }

    /// Every section of the profile report (one per discipline key, as `peach profile` prints them): the
    /// Profile screen pages through them after its overview.
    public static func profileSections(_ controller: TrainerController, range: ClosedRange<MIDINote>) -> [[String]] {
        let context = ReportContext(profile: controller.profile, recentRecords: controller.history.recentRecords, range: range)
        return ProfileDocument(context).sectionLines
    }

    /// Page `page` (1-based, after the overview) of the profile's sections, as a described screen.
    public static func profileSection(_ sections: [[String]], page: Int, warning: StatusWarning?) -> TrainingScreenModel {
        TrainingScreenModel(title: tr(.profileTitle), status: tr(.profilePage, ["page": "\(page + 1)", "pages": "\(sections.count + 1)"]),
                            lines: sections[page - 1].map { .text($0) },
                            keyHints: tr(.profilePageKeyHints), warning: warning)
    }

    public static func quietBreak(_ controller: TrainerController) -> BreakScreenModel {
        let breaks = controller.breaks
        return BreakScreenModel(remaining: breaks.remaining, canSnooze: !breaks.schedule.snoozedThisCycle,
                                snoozeMinutes: Int(breaks.settings.snoozeTime.timeInterval / 60))
    }
}
