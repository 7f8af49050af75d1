import Foundation
@testable import PeachApp
import PeachBrowserSupport
import PeachCore
import PeachDisciplines
import PeachFormats
import PeachPresentation
import PeachStore
import PeachTestSupport
import PeachWebPage
import Testing

/// The page in a real browser (headless Chromium over WebDriver) against the built `peach web`, here without sound:
/// every viewer screen reached by click and by key, a settings edit written to the file and a bad value's
/// diagnostic, the page refused without the secret, both languages; a screenshot of each screen is kept in
/// .build/web-screenshots for a person to look at.
@Suite(.serialized) struct BrowserPageTests {
    static let screenshots = BuiltPeach.repository + "/.build/web-screenshots/"

    @Test func theViewersWorkByClickAndByKeyAndSayWhatIsMissing() throws {
        let peach = try WebPeach()
        let browser = try WebDriver()
        try browser.open(peach.url)
        let start = try browser.wait(for: "Start") { $0.contains("data-choose=\"0\"") }
        #expect(browser.currentURL == "http://127.0.0.1:\(peach.port)/", "the secret is traded away from the address bar")
        #expect(start.contains("<html lang=\"en\">") && start.contains("No sound: "), "the page says what is missing")
        try browser.screenshot(to: Self.screenshots + "start.png")
        try browser.click("button[data-choose='0']")
        _ = try browser.wait(for: "why training cannot start") { $0.contains("Cannot start training: No sound: ") }
        try browser.press("p")
        let profile = try browser.wait(for: "the profile") { $0.contains("<pre class=\"section\">") }
        #expect(profile.contains("<svg role=\"img\" class=\"picture\""))
        try browser.screenshot(to: Self.screenshots + "profile.png")
        try browser.press(WebDriver.escape)
        _ = try browser.wait(for: "Start again") { $0.contains("data-choose=\"0\"") }
        try browser.press("i")
        _ = try browser.wait(for: "Info") { $0.contains(peach.directory) }
        try browser.screenshot(to: Self.screenshots + "info.png")
        // A reload comes back to where the trainer is.
        try browser.reload()
        _ = try browser.wait(for: "Info after a reload") { $0.contains(peach.directory) && $0.contains("<h1>Info</h1>") }
        try browser.click("button.back")
        _ = try browser.wait(for: "Start after Back") { $0.contains("data-choose=\"0\"") }
        try browser.press("q")
        #expect(peach.waitForExit() == 0, "q on Start quits Peach: \(peach.errors)")
    }

    @Test func aSettingIsEditedInTheFileAndABadValueSaysWhatIsAllowed() throws {
        let peach = try WebPeach()
        let browser = try WebDriver()
        try browser.open(peach.url)
        _ = try browser.wait(for: "Start") { $0.contains("data-choose=\"0\"") }
        try browser.press("s")
        _ = try browser.wait(for: "Settings") { $0.contains("<form data-setting=") }
        let pitch = "li[data-id='training.reference_pitch']"
        try browser.type("442", into: pitch + " input")
        try browser.click(pitch + " button[type='submit']")
        _ = try browser.wait(for: "the saved message") { $0.contains("role=\"status\">") }
        #expect(peach.configuration.contains("reference_pitch = 442"), "\(peach.configuration)")
        try browser.type("9999", into: pitch + " input")
        try browser.press(WebDriver.enter)
        _ = try browser.wait(for: "the refusal") { $0.contains("not allowed") }
        #expect(peach.configuration.contains("reference_pitch = 442"), "a refused value is not written")
        try browser.screenshot(to: Self.screenshots + "settings.png")
        let bell = "li[data-id='ui.bell']"
        try browser.click(bell + " select option:not([selected])")
        try browser.click(bell + " button[type='submit']")
        _ = try browser.wait(for: "the bell turned on") { _ in peach.configuration.contains("bell = on") }
    }

    /// An iOS Peach export chosen on the Profile page while `peach web` runs (and holds the log's lock, so
    /// `peach import` could not): imported through the trainer's store as the command imports it into an empty
    /// history, the same summary shown on the page and the same records in the log, the profile rebuilt with them; a
    /// second import skips every row as a duplicate; a file that is no export says why and writes nothing.
    @Test func aCSVChosenOnTheProfilePageIsImportedAsTheCommandImportsIt() throws {
        let csv = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/IOSExport/ios.csv").path
        let reference = DataDirectory(path: try BuiltPeach.temporaryDirectory("peach-import-reference"))
        let command = TodaysMainFixtureTests.Captured()
        #expect(ImportCommand.run(directory: reference, path: csv, partial: false, console: command.console) == 0)
        let peach = try WebPeach()
        let browser = try WebDriver()
        try browser.open(peach.url)
        _ = try browser.wait(for: "Start") { $0.contains("data-choose=\"0\"") }
        try browser.press("p")
        let empty = try browser.wait(for: "the profile") { $0.contains("<form class=\"import\"") }
        #expect(empty.contains("0 comparisons · 0 pitch matches"), "nothing trained yet")
        try Self.importFile(csv, in: browser)
        let imported = try browser.wait(for: "the import's summary") { $0.contains("Imported ") }
        let summaryLine = String(command.out.prefix { $0 != "\n" })
        #expect(imported.contains(Self.htmlEscaped(summaryLine)), "the page said what peach import says: \(summaryLine)")
        #expect(imported.contains("<pre class=\"section\">") && !imported.contains("0 comparisons · 0 pitch matches"), "the profile shows the import")
        let records = { (path: String) in
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        }
        #expect(try records(peach.directory + "/training.log") == records(reference.logPath))
        try browser.screenshot(to: Self.screenshots + "profile-imported.png")
        try Self.importFile(csv, in: browser)
        _ = try browser.wait(for: "the second import") { $0.contains("Imported 0 records; ") }
        try Self.importFile(peach.directory + "/peach.conf", in: browser)
        let refused = try browser.wait(for: "the refusal") { $0.contains("peach-export-format") }
        #expect(refused.contains("import-note"), "\(refused.suffix(600))")
        #expect(try records(peach.directory + "/training.log") == records(reference.logPath), "a refused file wrote nothing")
    }

    /// A history of every discipline (a seeded real-life history): the page's profile shows every line `peach profile`
    /// prints and every title and label of every chart `peach profile --svg` draws, for the same log.
    @MainActor @Test func everyDisciplinesSectionAndChartAreOnTheProfilePage() throws {
        let history = RealLifeHistory(seed: 101)
        let lines = try history.records.map { try Disciplines.codecs.logLine(for: $0) }
        let peach = try WebPeach(records: LogFormat.headerLine + "\n" + lines.joined())
        let text = TodaysMainFixtureTests.Captured(), svg = TodaysMainFixtureTests.Captured()
        let directory = DataDirectory(path: peach.directory), range = TrainingSettings.defaults.noteRange
        #expect(ProfileCommand.run(directory: directory, range: range, svgPath: nil, console: text.console) == 0)
        let svgPath = peach.directory + "/command.svg"
        #expect(ProfileCommand.run(directory: directory, range: range, svgPath: svgPath, console: svg.console) == 0)
        let drawn = try String(contentsOfFile: svgPath, encoding: .utf8)
        let browser = try WebDriver()
        try browser.open(peach.url)
        _ = try browser.wait(for: "Start") { $0.contains("data-choose=\"0\"") }
        try browser.press("p")
        let page = try browser.wait(for: "the profile") { $0.contains("<pre class=\"section\">") }
        try browser.screenshot(to: Self.screenshots + "profile-every-discipline.png")
        let printed = text.out.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(printed.count > 20, "\(text.out)")
        for line in printed { #expect(page.contains(Self.domEscaped(line)), "peach profile's line is not on the page: \(line)") }
        let labels = drawn.components(separatedBy: "<text").dropFirst().compactMap { $0.split(separator: ">", maxSplits: 1).last }
            .map { String($0.prefix { $0 != "<" }) }.filter { !$0.isEmpty }
        let trained = Set(history.records.map { "\($0.kind.name)" })
        #expect(labels.count > 20 && trained.count == Disciplines.all.count, "\(labels.count) labels, trained \(trained)")
        for label in Set(labels) {
            #expect(page.contains(label.replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")),
                    "the chart's text is not on the page: \(label)")
        }
    }

    /// Text as Chromium serializes it into the page's source: only &, < and > are escaped.
    static func domEscaped(_ text: String) -> String { htmlEscaped(text) }

    /// The screens a browser test reaches only after minutes (the quiet break, and its end) or in a blink (the
    /// startup), shown in Chromium through the page `peach web` serves before the trainer exists: drawn, with their
    /// buttons, and a screenshot of each kept to look at.
    @MainActor @Test func theStartupAndTheQuietBreakAreDrawnInTheBrowser() throws {
        let captured = TodaysMainFixtureTests.Captured()
        let context = TrainingApp.Context(options: CommandLineOptions(), environment: [:], console: captured.console,
                                          dataDirectory: DataDirectory(path: NSTemporaryDirectory()), configPath: nil)
        let page = try EarlyPage.start(context, request: WebRequest(openBrowser: false))
        defer { page.close() }
        let url = try #require(PageClient.address(printedIn: captured.out))
        let browser = try WebDriver()
        try browser.open(url)
        page.say("Starting FluidSynth (FluidR3_GM.sf2, audio: pulseaudio)…")
        page.say("calibration: key 14 of 49")
        _ = try browser.wait(for: "the startup") { $0.contains("calibration: key 14 of 49") && $0.contains("Peach is starting") }
        try browser.screenshot(to: Self.screenshots + "starting.png")
        page.publish(ScreenHTML.render(.quietBreak(BreakScreenModel(remaining: .seconds(272), canSnooze: true))))
        let resting = try browser.wait(for: "the quiet break") { $0.contains("4:32") }
        #expect(resting.contains("data-key=\"s\"") && resting.contains("data-key=\"Escape\""), "snooze and stop are buttons")
        try browser.screenshot(to: Self.screenshots + "break.png")
        page.publish(ScreenHTML.render(.quietBreak(BreakScreenModel(remaining: .zero, canSnooze: true))))
        let over = try browser.wait(for: "the break's end") { !$0.contains("4:32") && $0.contains("data-key=\"Escape\"") }
        #expect(!over.contains("data-key=\"s\""), "no snooze once the break is over")
        try browser.screenshot(to: Self.screenshots + "break-over.png")
    }

    static func importFile(_ path: String, in browser: WebDriver) throws {
        try browser.send(path, to: "form.import input[type='file']")
        try browser.click("form.import button[type='submit']")
    }

    static func htmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    @Test func germanLocaleGermanPage() throws {
        let peach = try WebPeach(language: ["LANG": "de_DE.UTF-8"])
        let browser = try WebDriver()
        try browser.open(peach.url)
        let start = try browser.wait(for: "the German Start") { $0.contains("data-choose=\"0\"") }
        #expect(start.contains("<html lang=\"de\">") && start.contains("Kein Klang: "))
        try browser.screenshot(to: Self.screenshots + "start-de.png")
        try browser.press("p")
        _ = try browser.wait(for: "the German profile") { $0.contains("<h1>Profil</h1>") }
        try browser.screenshot(to: Self.screenshots + "profile-de.png")
    }

    @Test func withoutTheSecretThePageIsRefused() throws {
        let peach = try WebPeach()
        let browser = try WebDriver()
        try browser.open("http://127.0.0.1:\(peach.port)/")
        let refused = try browser.wait(for: "the refusal") { $0.contains("403") }
        #expect(refused.contains("open the address Peach printed") && !refused.contains("data-choose"))
        try browser.open("http://localhost:\(peach.port)/?secret=wrong")
        #expect(try browser.wait(for: "the refusal") { $0.contains("403") }.contains("open the address"))
    }
}
