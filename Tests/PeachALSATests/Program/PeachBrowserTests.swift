import Foundation
import PeachBrowserSupport
import Testing

extension RealSequencerTests {
    /// `peach web` trained in a real browser (headless Chromium over WebDriver, both inside the VM beside the real
    /// sequencer): a comparison answered by a click and one by a key, a pitch match tuned with the slider and the
    /// arrow keys and committed by its button, each in the log; a screenshot of each training screen kept.
    @Suite struct PeachBrowserTests {
        static func answerable(_ page: String) -> Bool {
            page.contains("data-key=\"ArrowUp\">") && page.contains("data-key=\"ArrowDown\">")
        }

        static func records(_ directory: URL, _ kind: String) -> Int {
            ((try? PeachProgram.logRecords(directory)) ?? []).filter { $0.first == kind }.count
        }

        @Test func aComparisonByClickAndKeyAndAMatchBySliderAndKeys() throws {
            let directory = try PeachProgram.temporaryDirectory()
            let synth = try TestClient(name: "Browser Synth", portName: "synth", writable: true, synthesizer: true)
            let peach = try PeachRun(["web", "--no-browser", "--synth", "external", "--port", "\(synth.address)"]
                                     + PeachProgram.dataArguments(directory), directory: directory)
            let line = try peach.expectLine(prefix: "Peach is on your browser's page ", anywhere: true)
            let url = try #require(line.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") })
            // The emulated CPU makes Chromium slow to start and to draw: generous waits, the same steps.
            let browser = try WebDriver(startTimeout: .seconds(120))
            try browser.open(String(url))
            _ = try browser.wait(timeout: .seconds(60), for: "Start") { $0.contains("data-choose=\"0\"") }
            try browser.click("button[data-choose='0']")
            _ = try browser.wait(timeout: .seconds(60), for: "a comparison to answer", Self.answerable)
            try browser.screenshot(to: try TestOutput.file("web-comparison.png").path)
            try browser.click("button[data-key='ArrowUp']")
            #expect(waitUntil(timeout: .seconds(30)) { Self.records(directory, "comparison") == 1 }, "the click answered nothing")
            // The answered trial's feedback and the next notes (buttons off), then the next comparison to answer.
            _ = try browser.wait(timeout: .seconds(60), for: "the answer taken") { !Self.answerable($0) }
            _ = try browser.wait(timeout: .seconds(60), for: "the next comparison", Self.answerable)
            try browser.press(WebDriver.arrowDown)
            #expect(waitUntil(timeout: .seconds(30)) { Self.records(directory, "comparison") == 2 }, "the key answered nothing")
            try browser.press(WebDriver.escape)
            _ = try browser.wait(timeout: .seconds(30), for: "Start after the comparisons") { $0.contains("data-choose=\"1\"") }
            try browser.click("button[data-choose='1']")
            _ = try browser.wait(timeout: .seconds(60), for: "a note to tune") { $0.contains("<input type=\"range\" data-tuner") && !$0.contains("data-tuner min=\"-150\" max=\"150\" step=\"0.5\" value=\"0\" disabled") }
            _ = synth.receive(idle: .milliseconds(200), limit: .seconds(2))
            try browser.click("input[data-tuner]")
            for _ in 0..<4 { try browser.press(WebDriver.arrowRight) }
            try browser.click("h1")
            try browser.press(WebDriver.arrowLeft)
            let bends = synth.receive(idle: .seconds(1), limit: .seconds(5)).filter {
                if case .pitchBend = $0.event { true } else { false }
            }
            #expect(bends.count >= 2, "the slider and the keys bent nothing: \(bends)")
            try browser.screenshot(to: try TestOutput.file("web-matching.png").path)
            try browser.click("button.commit")
            #expect(waitUntil(timeout: .seconds(30)) { Self.records(directory, "pitchMatching") == 1 }, "the commit scored nothing: \(peach.transcript)")
            try browser.press(WebDriver.escape)
            _ = try browser.wait(timeout: .seconds(30), for: "Start at the end") { $0.contains("data-choose=\"0\"") }
            try browser.press("q")
            #expect(peach.waitForExit() == 0, "\(peach.transcript)")
        }
    }
}
