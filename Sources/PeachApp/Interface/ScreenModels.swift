import Foundation
import PeachCore
import PeachMIDI
import PeachTerminal

/// Fills the terminal screens' plain models from the trainer's real state. Pure, so what each
/// screen would show is testable without a terminal.
@MainActor
public enum ScreenModels {
    /// The chart of `discipline`'s thresholds: each note shows its region's estimate and 95 % interval;
    /// regions with no answers are unknown (no point), never zero.
    public static func profileChart(_ profile: PerceptualProfile, range: ClosedRange<MIDINote>, trend: TrainingTrend?,
                                    discipline: TrainingDiscipline = .unisonComparison) -> ProfileChartModel {
        guard let thresholds = profile.thresholds(of: discipline) else {
            return ProfileChartModel(points: range.notes.map { ProfileChartPoint(note: $0, threshold: nil) },
                                     trend: trend.map(profileTrend))
        }
        var byRegion: [Int: ThresholdEstimate] = [:]
        for region in thresholds.regions(in: range) {
            if let estimate = region.estimate { byRegion[thresholds.regionIndex(containing: region.notes.lowerBound)] = estimate }
        }
        let points = range.notes.map { note in
            let estimate = byRegion[thresholds.regionIndex(containing: note)]
            return ProfileChartPoint(note: note, threshold: estimate?.median, band: estimate.map { $0.lower...$0.upper })
        }
        return ProfileChartModel(points: points, overall: thresholds.overall, trend: trend.map(profileTrend))
    }

    /// "improved from 12.1 (9.8–15.0) to 7.9 (6.5–9.6) cents", only when the intervals do not overlap.
    /// `dated` adds the periods compared (the text report has room for them; the screen does not).
    public static func progressLine(_ profile: PerceptualProfile, discipline: TrainingDiscipline = .unisonComparison,
                                    dated: Bool = false) -> String? {
        let period = profile.progress.naturalPeriod(of: discipline)
        let points = profile.progress.points(of: discipline, per: period)
        func text(_ point: ThresholdProgress.Point) -> String {
            String(format: "%.1f (%.1f–%.1f)", point.estimate.median.value, point.estimate.lower.value, point.estimate.upper.value)
        }
        func when(_ from: ThresholdProgress.Point, _ to: ThresholdProgress.Point) -> String {
            guard dated else { return "" }
            let day = { (point: ThresholdProgress.Point) in point.start.formatted(.iso8601.year().month().day()) }
            return " (\(period.rawValue) of \(day(from)) to \(period.rawValue) of \(day(to)))"
        }
        switch ThresholdProgress.change(in: points) {
        case .improved(let from, let to):
            return "improved from \(text(from)) to \(text(to)) cents" + when(from, to)
        case .worsened(let from, let to):
            return "worse: from \(text(from)) to \(text(to)) cents" + when(from, to)
        case .noClearChange(let from, let to):
            return "no clear change: \(text(from)), then \(text(to)) cents" + when(from, to)
        case .notEnoughData:
            return nil
        }
    }

    /// The Start screen's menu: the registry's modes, then Profile, Settings and Info.
    public static func startMenu(_ modes: [any TrainingMode], selectedIndex: Int = 0) -> StartMenu {
        StartMenu(titles: StartMenuEntry.entries(for: modes).map { $0.title(in: modes) }, selectedIndex: selectedIndex)
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

    /// The running mode's screen, with the app-wide warning and the knob light.
    public static func training(_ session: any ModeSession, controller: TrainerController, knobMoving: Bool) -> Screen {
        session.screen(ModeScreenContext(warning: warnings(controller).first, knobMoving: knobMoving,
                                         profile: controller.profile))
    }

    public static func profile(_ controller: TrainerController, range: ClosedRange<MIDINote>) -> ProfileScreenModel {
        let statistics = controller.profile.pitchMatching(in: .unisonPitchMatching)
        let matching = PitchMatchingStats(
            count: statistics.count, summary: controller.profile.pitchMatchingSummary(of: .unisonPitchMatching),
            trend: controller.history.trend(of: .unisonPitchMatching).map(profileTrend))
        return ProfileScreenModel(chart: profileChart(controller.profile, range: range,
                                                      trend: controller.history.trend(of: .unisonComparison)),
                                  comparisonCount: controller.profile.comparisonCount(in: .unisonComparison),
                                  pitchMatching: matching, progress: progressLine(controller.profile))
    }

    public static func quietBreak(_ controller: TrainerController) -> BreakScreenModel {
        let breaks = controller.breaks
        return BreakScreenModel(remaining: breaks.remaining, canSnooze: !breaks.schedule.snoozedThisCycle,
                                snoozeMinutes: Int(breaks.settings.snoozeTime.timeInterval / 60))
    }
}
