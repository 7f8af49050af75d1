import Foundation
@testable import PeachApp
import PeachBrowserSupport
import PeachStore
import PeachWebPage
import Testing

/// `peach web`'s page before the trainer exists, over real loopback: the address printed at once, each startup line
/// on the page's stream as the terminal prints it, clicks told Peach is starting, and the trainer's routes once bound.
@MainActor @Suite struct EarlyPageTests {
    @Test func theStartupStepsAreOnThePageUntilTheTrainerTakesIt() throws {
        let captured = TodaysMainFixtureTests.Captured()
        let context = TrainingApp.Context(options: CommandLineOptions(), environment: [:], console: captured.console,
                                          dataDirectory: DataDirectory(path: NSTemporaryDirectory()), configPath: nil)
        let page = try EarlyPage.start(context, request: WebRequest(openBrowser: false))
        defer { page.close() }
        let printed = PageClient.address(printedIn: captured.out)
        let client = try PageClient(url: try #require(printed, "no address printed: \(captured.out)"))
        let tab = try client.openStream()
        defer { tab.close() }
        #expect(tab.next(timeout: .seconds(5)) { $0.contains("Peach is starting") } != nil)
        page.say("starting FluidSynth (default.sf2)")
        page.say("measuring the tuning: 3 of 12")
        #expect(tab.next(timeout: .seconds(5)) { $0.contains("default.sf2)\nmeasuring the tuning: 3 of 12") } != nil)
        #expect(captured.err.contains("peach: measuring the tuning: 3 of 12\n"), "the terminal says it too")
        #expect(try client.post("key=h") == 503)
        page.bind(PageRoutes(profileJSON: { "{\"bound\": true}" }, exportCSV: { .success("") }, importCSV: { _, _ in (.ok, "") },
                             input: { _ in }))
        page.say("a line after the trainer took the page")
        page.publish("<p>Start</p>")
        #expect(tab.next(timeout: .seconds(5)) { $0.contains("<p>Start</p>") } != nil)
        #expect(try client.request("GET", "/profile.json").body.contains("bound"))
    }
}
