import PeachConfig
import PeachCore
import PeachDisciplines
import PeachPresentation
@testable import PeachTerminal
import PeachText

/// Factory functions for the screen tests.
enum ScreenFixtures {
    static let size = TerminalSize.standard
    static let mono = Styler(.monochrome)
    static let color = Styler(.color)

    static func note(_ name: String) -> MIDINote { MIDINote(name: name)! }

    /// C3...C5 with thresholds falling towards the middle and two untrained notes.
    static func profile(trend: ProfileTrend? = .improving) -> ProfileChartModel {
        let notes = (note("C3")...note("C5")).notes
        let points = notes.enumerated().map { index, note -> ProfileChartPoint in
            if index == 3 || index == 4 { return ProfileChartPoint(note: note, threshold: nil) }
            let distance = Double(abs(index - 12))
            return ProfileChartPoint(note: note, threshold: Cents(5 + distance * 3), band: Cents(max(5 + distance * 3 - (2 + distance / 2), 0))...Cents(5 + distance * 3 + 2 + distance / 2))
        }
        return ProfileChartModel(points: points, overall: ThresholdEstimate(median: Cents(21.4), lower: Cents(15.2), upper: Cents(30.1), trials: 412, isConclusive: true), trend: trend)
    }

    static let synth = DeviceStatus(name: "FLUID Synth (128:0)", state: .connected)
    static let controller = DeviceStatus(name: "Arturia MiniLab (20:0)", state: .connected)

    /// The Start menu as the app builds it from its two registered modes.
    static let menuTitles = ["Start comparison training", "Start pitch matching", "Profile", "Settings", "Info"]

    static func start(selected: Int = 0, warnings: [StatusWarning] = [],
                      profile: ProfileChartModel = profile()) -> StartScreenModel {
        StartScreenModel(menu: StartMenu(titles: menuTitles, selectedIndex: selected), profile: profile, synth: synth,
                         controller: controller, warnings: warnings)
    }

    static func info() -> InfoScreenModel {
        InfoScreenModel(version: "0.1.0", licence: "MIT", dataDirectory: "/home/ann/.local/share/peach",
                        configFile: "/home/ann/.config/peach/peach.conf", synth: synth, controller: .none,
                        velocityCeiling: 110, volumeCeiling: 100, volumePercent: 80)
    }

    static func profileScreen() -> ProfileScreenModel {
        let matching = SignedErrorSummary(signedErrors: (0..<37).map { Cents(Double($0 % 7) - 2.5) })
        return ProfileScreenModel(chart: profile(), summary: overview(
            chart: profile(), comparisons: 412, matches: 37, matching: matching,
            progress: "improved from 12.1 (9.8–15.0) to 7.9 (6.5–9.6) cents"))
    }

    /// The four summary lines the comparison and pitch-matching reports give the overview page.
    static func overview(chart: ProfileChartModel, comparisons: Int, matches: Int, matching: SignedErrorSummary<Cents>?,
                         progress: String?) -> [ProfileSummaryLine] {
        let threshold = chart.overall.map { tr(.profileThresholdPoint, ["threshold": ScreenFormat.threshold($0)]) }
        let matched = matching.map {
            tr(.profileBiasAndSpread, ["bias": ScreenFormat.signedWithInterval($0.bias, $0.biasInterval),
                                       "spread": ScreenFormat.withInterval($0.spread, $0.spreadInterval)])
        } ?? tr(matches == 0 ? .profileNoMatches : .profileOneMatch)
        let trained = tr(.profileComparisons, count: comparisons) + " · " + tr(.profileMatches, count: matches)
        return [ProfileSummaryLine(label: tr(.profileThreshold), text: threshold ?? tr(.profileNoComparisons)),
                ProfileSummaryLine(label: tr(.profileProgress), text: progress ?? tr(.profileNotEnoughData)),
                ProfileSummaryLine(label: tr(.profilePitchMatching), text: matched),
                ProfileSummaryLine(label: tr(.profileTrained), text: trained)]
    }
}

extension ScreenFixtures {
    /// Defaults with a few edits, so the Settings screen shows changed markers.
    /// Where the Settings screen lists `key` (it lists the schema's keys, so a new key moves the ones after it).
    static func settingsIndex(of key: ConfigKey) -> Int { Disciplines.schema.settingsScreenKeys.firstIndex(of: key) ?? 0 }

    static func editedConfiguration() -> PeachConfiguration {
        var configuration = PeachConfiguration.defaults
        configuration.set(ConfigSchema.lowestNote, to: .note(note("A2")), in: Disciplines.schema)
        configuration.set(ConfigSchema.referencePitch, to: .decimal(442), in: Disciplines.schema)
        configuration.set(ConfigSchema.bell, to: .boolean(false), in: Disciplines.schema)
        return configuration
    }
}
