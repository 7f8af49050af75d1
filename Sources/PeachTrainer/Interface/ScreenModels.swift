import Foundation
import PeachCore
import PeachDisciplines
import PeachMIDI
import PeachPresentation
import PeachTerminal
import PeachText

/// Fills the terminal screens' plain models from the trainer's real state. Pure, so what each
/// screen would show is testable without a terminal.
@MainActor
public enum ScreenModels {
    /// The Start screen's menu: the registry's modes, then Profile, Settings and Info.
    public static func startMenu(_ modes: [any TrainingMode], selectedIndex: Int = 0) -> StartMenu {
        let entries = StartMenuEntry.entries(for: modes)
        return StartMenu(titles: entries.map { $0.title(in: modes) }, shortcuts: StartMenuEntry.shortcuts(for: entries),
                         selectedIndex: selectedIndex)
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
        .training(session.screen(ModeScreenContext(warning: warnings(controller).first, knobMoving: knobMoving,
                                                   profile: controller.profile)))
    }

    /// The overview page: what each discipline's report puts there (the same words and figures as `peach profile`).
    public static func profile(_ controller: TrainerController, range: ClosedRange<MIDINote>) -> ProfileScreenModel {
        ProfileOverview.model(ReportContext(profile: controller.profile, range: range))
    }

    /// One section of the profile report as the Profile screen pages through it: its lines, as `peach profile`
    /// prints them, and its progress chart (nil for a section without progress, or before its first trial).
    public struct ProfileSection {
        public var lines: [String]
        public var progressChart: ProgressChartModel?
    }

    /// Every section of the profile report (one per discipline key): the Profile screen pages through them after
    /// its overview.
    public static func profileSections(_ controller: TrainerController, range: ClosedRange<MIDINote>) -> [ProfileSection] {
        let document = ProfileDocument(ReportContext(profile: controller.profile, range: range))
        return zip(document.sections, document.sectionLines).map { discipline, lines in
            ProfileSection(lines: lines, progressChart: controller.profile.progress(of: discipline) == nil ? nil
                               : document.progressChart(of: discipline, conclusiveOnly: true))
        }
    }

    /// Page `page` (1-based, after the overview) of the profile's sections, as a described screen, its progress
    /// chart under its lines (sized for `size`).
    public static func profileSection(_ sections: [ProfileSection], page: Int, size: TerminalSize,
                                      warning: StatusWarning?) -> TrainingScreenModel {
        let section = sections[page - 1]
        // Long lines (the progress line names both stretches) wrap under their own indentation.
        let width = size.columns - 4
        var lines = section.lines.flatMap { line -> [TrainingScreenModel.Line] in
            guard line.count > width else { return [.text(line)] }
            let indent = String(line.prefix { $0 == " " })
            let wrapped = TextLayout.wrap(String(line.dropFirst(indent.count)), width: width - indent.count - 2)
            return wrapped.enumerated().map { .text(indent + ($0.offset == 0 ? "" : "  ") + $0.element) }
        }
        if let chart = section.progressChart {
            let height = min(max(size.rows - 8 - lines.count, 0), 14)
            lines.append(.blank)
            lines += TerminalProgressChart.render(chart, width: size.columns - 4, height: height, style: Styler(.monochrome))
                .map { .text($0) }
        }
        return TrainingScreenModel(title: tr(.profileTitle), status: tr(.profilePage, ["page": "\(page + 1)", "pages": "\(sections.count + 1)"]),
                                   lines: lines, keyHints: tr(.profilePageKeyHints), warning: warning)
    }

    public static func quietBreak(_ controller: TrainerController) -> BreakScreenModel {
        let breaks = controller.breaks
        return BreakScreenModel(remaining: breaks.remaining, canSnooze: !breaks.schedule.snoozedThisCycle,
                                snoozeMinutes: Int(breaks.settings.snoozeTime.timeInterval / 60))
    }
}

extension ScreenModels {
    /// The whole profile on one page (the page scrolls where the terminal pages): the overview's summary, every
    /// section's lines and every discipline's chart, as `peach profile` and `peach profile --svg` give them.
    public static func profilePage(_ controller: TrainerController, range: ClosedRange<MIDINote>) -> ProfilePageModel {
        let context = ReportContext(profile: controller.profile, range: range)
        let document = ProfileDocument(context)
        return ProfilePageModel(summary: ProfileOverview.model(context).summary, sections: document.sectionLines, svg: document.svg)
    }
}
