import PeachConfig
import PeachCore
@testable import PeachDisciplines
import PeachPresentation
@testable import PeachTerminal

/// Every screen in every state the snapshot tests pin down, rendered at 80×24 in a given mode.
enum ScreenSnapshotCases {
    typealias F = ScreenFixtures

    static func render(_ name: String, style: Styler, size: TerminalSize = F.size) -> [String] {
        switch name {
        case "start": StartScreen.render(F.start(), size: size, style: style)
        case "start-warnings":
            StartScreen.render(StartScreenModel(menu: StartMenu(titles: F.menuTitles, selectedIndex: 3), profile: .empty(range: F.note("C2")...F.note("C6")),
                                                synth: DeviceStatus(name: "FLUID Synth (128:0)", state: .lost),
                                                controller: .none,
                                                warnings: [.synthLost(hint: "Start FluidSynth again, then choose a comparison."),
                                                           .resultsNotSaved(reason: "data directory is read-only")]),
                               size: size, style: style)
        case "comparison-note1": ComparisonScreen.render(.init(phase: .playingNote1, canAnswer: false), size: size, style: style)
        case "comparison-note2": ComparisonScreen.render(.init(phase: .playingNote2, canAnswer: true, answered: 3, correct: 2), size: size, style: style)
        case "comparison-awaiting": ComparisonScreen.render(.init(phase: .awaitingAnswer, canAnswer: true, answered: 3, correct: 2), size: size, style: style)
        case "comparison-correct":
            ComparisonScreen.render(.init(phase: .feedback(correct: true, difference: Cents(12.5)), canAnswer: false, answered: 4, correct: 3),
                                    size: size, style: style)
        case "comparison-wrong":
            ComparisonScreen.render(.init(phase: .feedback(correct: false, difference: Cents(-3.25)), canAnswer: false, answered: 4, correct: 2,
                                          warning: .synthLost(hint: "Reconnect it and press Esc.")),
                                    size: size, style: style)
        case "pitch-listening": PitchMatchingScreen.render(.init(phase: .listeningToReference), size: size, style: style)
        case "pitch-tuning-still": PitchMatchingScreen.render(.init(phase: .tuning, knobMoving: false, matched: 2, meanAbsoluteError: Cents(4)), size: size, style: style)
        case "pitch-tuning-moving": PitchMatchingScreen.render(.init(phase: .tuning, knobMoving: true, matched: 2, meanAbsoluteError: Cents(4)), size: size, style: style)
        case "pitch-sharp": PitchMatchingScreen.render(.init(phase: .result(error: Cents(7.34)), matched: 3, meanAbsoluteError: Cents(5.1)), size: size, style: style)
        case "pitch-flat": PitchMatchingScreen.render(.init(phase: .result(error: Cents(-12)), matched: 3, meanAbsoluteError: Cents(5.1)), size: size, style: style)
        case "pitch-spot-on": PitchMatchingScreen.render(.init(phase: .result(error: Cents(0.02)), matched: 3, meanAbsoluteError: Cents(5.1)), size: size, style: style)
        case "profile": ProfileScreen.render(F.profileScreen(), size: size, style: style)
        case "profile-empty":
            ProfileScreen.render(ProfileScreenModel(chart: .empty(range: F.note("C2")...F.note("C6")), summary: F.overview(
                chart: .empty(range: F.note("C2")...F.note("C6")), comparisons: 0, matches: 0, matching: nil, progress: nil)),
                                 size: size, style: style)
        case "settings": SettingsScreen.render(SettingsScreenModel(configuration: F.editedConfiguration(), keys: Disciplines.schema.settingsScreenKeys), size: size, style: style)
        case "settings-scrolled-editing":
            SettingsScreen.render(SettingsScreenModel(configuration: F.editedConfiguration(), keys: Disciplines.schema.settingsScreenKeys, selectedIndex: F.settingsIndex(of: ConfigSchema.synth), editingText: "3",
                                                      message: "Saved to /home/ann/.config/peach/peach.conf"), size: size, style: style)
        case "info": InfoScreen.render(F.info(), size: size, style: style)
        case "break": BreakScreen.render(BreakScreenModel(remaining: .seconds(299.2), canSnooze: true), size: size, style: style)
        case "break-snoozed": BreakScreen.render(BreakScreenModel(remaining: .seconds(61), canSnooze: false), size: size, style: style)
        case "break-over": BreakScreen.render(BreakScreenModel(remaining: .zero, canSnooze: true), size: size, style: style)
        default: fatalError("unknown snapshot case \(name)")
        }
    }

    static let names = ["start", "start-warnings", "comparison-note1", "comparison-note2", "comparison-awaiting",
                        "comparison-correct", "comparison-wrong", "pitch-listening", "pitch-tuning-still",
                        "pitch-tuning-moving", "pitch-sharp", "pitch-flat", "pitch-spot-on", "profile", "profile-empty",
                        "settings", "settings-scrolled-editing", "info", "break", "break-snoozed", "break-over"]

    static var all: [(String, [String])] { names.map { ($0, render($0, style: F.mono)) } }
}
