import PeachPresentation
import PeachText
@testable import PeachWebPage
import Testing

/// Each screen model as the page's HTML: text escaped, buttons pressing their keys, the tuner relative, settings as
/// fields with their choices, feedback announced, the profile's charts inline.
@Suite struct ScreenHTMLTests {
    static func training(lines: [TrainingScreenModel.Line]) -> Screen {
        .training(TrainingScreenModel(title: "Hearing <test>", status: "3 answered", lines: lines, keyHints: "↑/↓ answer"))
    }

    @Test func textIsEscapedEverywhere() {
        let html = ScreenHTML.render(Self.training(lines: [.text("<script>alert(1)</script>"), .centered("a & \"b\"", .plain)]))
        #expect(!html.contains("<script>") && html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("Hearing &lt;test&gt;") && html.contains("a &amp; &quot;b&quot;"))
    }

    @Test func buttonsPressTheirKeysAndAreDisabledWhenTheModelSays() {
        let buttons: [TrainingScreenModel.Button] = [.init("↑ Higher", key: .arrow(.up)), .init("↓ Lower", key: .arrow(.down))]
        let enabled = ScreenHTML.render(Self.training(lines: [.buttons(buttons, enabled: true)]))
        #expect(enabled.contains("<button type=\"button\" data-key=\"ArrowUp\">↑ Higher</button>"))
        #expect(enabled.contains("data-key=\"ArrowDown\">↓ Lower</button>"))
        let disabled = ScreenHTML.render(Self.training(lines: [.buttons(buttons, enabled: false)]))
        #expect(disabled.contains("data-key=\"ArrowUp\" disabled>"))
        #expect(enabled.contains("data-key=\"Escape\" class=\"back\">"), "every screen but Start has Back")
    }

    @Test func theTunerIsARelativeSliderWithItsCommitButton() {
        let html = ScreenHTML.render(Self.training(lines: [.tuner(label: "Tune", commit: .init("Done", key: .enter), enabled: true)]))
        #expect(html.contains("<input type=\"range\" data-tuner min=\"-150\" max=\"150\" step=\"0.5\" value=\"0\">"))
        #expect(html.contains("data-key=\"Enter\" class=\"commit\">Done</button>"))
        #expect(html.contains("<label>Tune "), "the slider is labelled")
    }

    @Test func feedbackIsAnnouncedToScreenReaders() {
        let html = ScreenHTML.render(Self.training(lines: [.spans([.init("Correct", .good), .init(" — higher")]),
                                                           .centered("Note 1", .accent)]))
        #expect(html.contains("<p class=\"announce\" role=\"status\" aria-live=\"polite\">Correct</p>"))
    }

    @Test func startOffersEveryEntryAsAButtonWithItsKey() {
        let model = StartScreenModel(menu: StartMenu(titles: ["Hear", "Tune", "Profile"], shortcuts: ["1", "2", "p"], selectedIndex: 1),
                                     profile: ProfileChartModel(points: []), synth: DeviceStatus(name: "FLUID <1>", state: .connected),
                                     controller: .none, warnings: [.other("synth lost")])
        let html = ScreenHTML.render(.start(model))
        #expect(html.contains("<button type=\"button\" data-choose=\"0\"><kbd>1</kbd> Hear</button>"))
        #expect(html.contains("data-choose=\"1\" aria-current=\"true\"><kbd>2</kbd> Tune</button>"))
        #expect(html.contains("data-choose=\"2\"><kbd>p</kbd> Profile"))
        #expect(html.contains("FLUID &lt;1&gt;") && html.contains("role=\"alert\">synth lost</p>"))
        #expect(html.contains("<svg role=\"img\" class=\"picture\" ") && !html.contains("<?xml"))
        #expect(!html.contains("class=\"back\""), "Start has no Back")
    }

    @Test func settingsAreFieldsWithTheirDocumentationAndChoices() {
        let rows = [SettingsRow(label: "[ui] bell", value: "on", allowed: "on or off", isDefault: true, documentation: "Rings <bell>",
                                choices: ["on", "off"]),
                    SettingsRow(label: "[training] note_duration", value: "1.0", allowed: "0.3–3", isDefault: false)]
        let html = ScreenHTML.render(.settings(SettingsScreenModel(rows: rows, message: "Saved")))
        #expect(html.contains("<form data-setting=\"0\"><label for=\"setting-0\">[ui] bell</label>"))
        #expect(html.contains("<select id=\"setting-0\" name=\"value\" aria-describedby=\"setting-0-allowed\"><option selected>on</option><option>off</option></select>"))
        #expect(html.contains("<input id=\"setting-1\" name=\"value\" value=\"1.0\""))
        #expect(html.contains("[training] note_duration *"), "a changed value is marked")
        #expect(html.contains("Rings &lt;bell&gt;") && html.contains("role=\"status\">Saved</p>"))
        #expect(html.contains("data-reset=\"0\" disabled>") && html.contains("data-reset=\"1\">"))
    }

    @Test func theProfileShowsEverySectionAndItsChartsInline() {
        let svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"800\"><title>x</title></svg>\n"
        let html = ScreenHTML.render(ProfilePageModel(summary: [ProfileSummaryLine(label: "Threshold", text: "8 ct")],
                                                      sections: [["Unison", "  now 8 ct"], ["Matching"]], svg: svg))
        #expect(html.contains("<svg role=\"img\" class=\"picture\" xmlns=") && !html.contains("<?xml"))
        #expect(html.contains("<pre class=\"section\">Unison\n  now 8 ct</pre>") && html.contains("<pre class=\"section\">Matching</pre>"))
        #expect(html.contains("<dt>Threshold</dt><dd>8 ct</dd>"))
        #expect(html.contains("href=\"/profile.json\"") && html.contains("href=\"/export.csv\""))
    }

    @Test func theBreakAndInfoScreensSayTheirWordsInTheUsersLanguage() {
        let german = Localization.rendering(in: .german) {
            ScreenHTML.render(.quietBreak(BreakScreenModel(remaining: .seconds(90), canSnooze: true)))
        }
        #expect(german.contains(HTMLText.escape(Localization.text(.breakSilent, in: .german))))
        #expect(german.contains("data-key=\"s\"") && german.contains("data-key=\"Escape\""))
        let info = ScreenHTML.render(.info(InfoScreenModel(version: "1.2", licence: "MIT", dataDirectory: "/d<", configFile: "/c",
                                                           synth: .none, controller: .none, velocityCeiling: 100,
                                                           volumeCeiling: 90, volumePercent: 80)))
        #expect(info.contains("<code>/d&lt;</code>") && info.contains("1.2"))
        #expect(PageShell.html(language: .german).contains("<html lang=\"de\">"))
    }
}
