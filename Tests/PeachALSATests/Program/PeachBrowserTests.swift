import Foundation
import PeachALSA
import PeachBrowserSupport
import PeachMIDI
import Testing

extension RealSequencerTests {
    /// `peach web` trained in a real browser (headless Chromium over WebDriver) on the FluidSynth it starts, one browser
    /// for all of it. In the qemu VM, scripts/test-alsa runs chromedriver and Chromium on the VM's host, natively (on
    /// the emulated CPU Chromium alone took minutes to start and its page-source polls slowed FluidSynth's start), and
    /// forwards a port into the guest, where a relay hands the browser's connections to `peach web` on the guest's
    /// loopback (see `TCPRelay`). Every Start entry started
    /// by a click and stopped by Escape with nothing left sounding; a comparison answered by a click and one by a
    /// key; a pitch match tuned with the slider and the arrow keys and committed by its button; each in the log; a
    /// screenshot of each training screen kept.
    @Suite struct PeachBrowserTests {
        /// A browser on `peach web` playing to the FluidSynth it starts (the file audio driver: the VM has no sound
        /// card), and a test client subscribed to Peach's output beside FluidSynth, which records all Peach sends.
        final class Session {
            let directory: URL
            let synth: TestClient
            let peach: PeachRun
            let browser: WebDriver
            /// In the VM, the way in for the host's browser (`PEACH_WEB_FORWARD_PORT`).
            let relay: TCPRelay?

            init() async throws {
                directory = try PeachProgram.temporaryDirectory()
                synth = try TestClient(name: "Browser Ear", portName: "ear", writable: true)
                let forwarded = ProcessInfo.processInfo.environment["PEACH_WEB_FORWARD_PORT"].flatMap { UInt16($0) }
                peach = try PeachRun(["web", "--no-browser", "--synth", "fluidsynth", "--audio-driver", "file"]
                                     + (forwarded.map { ["--web-port", String($0)] } ?? [])
                                     + PeachProgram.dataArguments(directory), directory: directory)
                relay = try forwarded.map { try TCPRelay(address: "10.0.2.15", port: $0) }
                // Printed before FluidSynth starts: the browser starts meanwhile, and the page shows the startup.
                let line = try peach.expectLine(prefix: "Peach is on your browser's page ", anywhere: true)
                let url = try #require(PageClient.address(printedIn: line))
                // A tab as a client, opened at once: its stream keeps every screen of the startup for reading later.
                let early = try PageClient(url: url).openStream()
                defer { early.close() }
                browser = try WebDriver(startTimeout: .seconds(120))
                try browser.open(url)
                try wait("Start, FluidSynth started and calibrated", timeout: PeachProgramTests.firstStart, PeachBrowserTests.onStart)
                let calibrating = early.next(timeout: .seconds(5)) { $0.contains("calibration: ") }
                #expect(calibrating?.contains("Peach is starting") == true && calibrating?.contains("Starting FluidSynth") == true,
                        "the page did not show FluidSynth starting and calibrating: \(early.received.suffix(2000))")
                try synth.subscribe(from: try await Self.peachOutput())
            }

            /// Peach's output port (the newest client named Peach: the tests run one at a time).
            static func peachOutput() async throws -> SequencerAddress {
                let observer = try ALSASequencer(clientName: "Peach test observer")
                defer { observer.close() }
                let ports = try await observer.ports().filter { $0.clientName == "Peach" && $0.portName == "out" }
                return try #require(ports.max { $0.address.client < $1.address.client }?.address, "no Peach:out")
            }

            /// The page once `condition` holds (the emulated CPU makes Chromium slow to draw: generous waits).
            @discardableResult
            func wait(_ what: String, timeout: Duration = .seconds(60), _ condition: (String) -> Bool) throws -> String {
                try browser.wait(timeout: timeout, for: what, condition)
            }

            func records(_ kind: String) -> Int {
                ((try? PeachProgram.logRecords(directory)) ?? []).filter { $0.first == kind }.count
            }
        }

        static func answerable(_ page: String) -> Bool {
            page.contains("data-key=\"ArrowUp\">") && page.contains("data-key=\"ArrowDown\">")
        }

        static func onStart(_ page: String) -> Bool { page.contains("data-choose=\"0\"") }

        /// The Start entries that open a training mode (their key a digit), by index.
        static func trainingEntries(_ start: String) -> [Int] {
            start.components(separatedBy: "data-choose=\"").dropFirst().compactMap { part in
                let index = Int(part.prefix { $0.isNumber })
                guard let kbd = part.range(of: "<kbd>"), part[kbd.upperBound...].first?.isNumber == true else { return nil }
                return index
            }
        }

        @Test func everyEntryStartsAndStopsAComparisonIsAnsweredAndAMatchTuned() async throws {
            let lap = Lap("browser")
            let session = try await Session()
            lap("Chromium, peach web and FluidSynth started")
            let start = try session.wait("Start", Self.onStart)
            try Self.startAndStopEveryEntry(session, entries: Self.trainingEntries(start))
            lap("every entry started and stopped")
            try Self.answerAComparisonByClickAndOneByKey(session)
            lap("two comparisons answered")
            try Self.tuneAMatchBySliderAndKeys(session)
            lap("a match tuned")
            try session.browser.press("q")
            #expect(session.peach.waitForExit() == 0, "\(session.peach.transcript)")
            lap("peach web quit")
            let log = try String(contentsOf: session.directory.appendingPathComponent("training.log"), encoding: .utf8)
            #expect(log.contains("Peach FluidSynth \(session.peach.pid)"), "played on the FluidSynth Peach started: \(log)")
            try await PeachProgramTests.expectFluidSynthGone(with: session.peach, directory: session.directory)
        }

        static func startAndStopEveryEntry(_ session: Session, entries: [Int]) throws {
            #expect(entries.count >= 8, "\(entries)")
            var heard: [TestClient.Received] = []
            for entry in entries {
                try session.browser.click("button[data-choose='\(entry)']")
                let training = try session.wait("entry \(entry)'s training") {
                    !$0.contains("data-choose=") && $0.contains("class=\"back\"")
                }
                #expect(!training.contains("Cannot start"), "\(training.prefix(600))")
                try session.browser.screenshot(to: try TestOutput.file("web-mode-\(entry).png").path)
                heard += session.synth.receive(idle: .milliseconds(100), limit: .seconds(1))
                try session.browser.press(WebDriver.escape)
                try session.wait("Start after entry \(entry)", timeout: .seconds(30), Self.onStart)
            }
            heard += session.synth.receive(idle: .seconds(2), limit: .seconds(5))
            #expect(notesLeftOn(heard.map(\.event)).isEmpty, "left sounding: \(notesLeftOn(heard.map(\.event)))")
            #expect(session.records("comparison") == 0, "a stopped trial was recorded")
        }

        static func answerAComparisonByClickAndOneByKey(_ session: Session) throws {
            try session.browser.click("button[data-choose='0']")
            try session.wait("a comparison to answer", Self.answerable)
            try session.browser.screenshot(to: try TestOutput.file("web-comparison.png").path)
            try session.browser.click("button[data-key='ArrowUp']")
            #expect(waitUntil(timeout: .seconds(30)) { session.records("comparison") == 1 }, "the click answered nothing")
            // The answered trial's feedback and the next notes (buttons off), then the next comparison to answer.
            try session.wait("the answer taken") { !Self.answerable($0) }
            try session.wait("the next comparison", Self.answerable)
            try session.browser.press(WebDriver.arrowDown)
            #expect(waitUntil(timeout: .seconds(30)) { session.records("comparison") == 2 }, "the key answered nothing")
            try session.browser.press(WebDriver.escape)
            try session.wait("Start after the comparisons", timeout: .seconds(30)) { $0.contains("data-choose=\"1\"") }
        }

        static func tuneAMatchBySliderAndKeys(_ session: Session) throws {
            try session.browser.click("button[data-choose='1']")
            try session.wait("a note to tune") {
                $0.contains("<input type=\"range\" data-tuner") && !$0.contains("value=\"0\" disabled")
            }
            _ = session.synth.receive(idle: .milliseconds(200), limit: .seconds(2))
            try session.browser.click("input[data-tuner]")
            for _ in 0..<4 { try session.browser.press(WebDriver.arrowRight) }
            try session.browser.click("h1")
            try session.browser.press(WebDriver.arrowLeft)
            let bends = session.synth.receive(idle: .seconds(1), limit: .seconds(5)).filter {
                if case .pitchBend = $0.event { true } else { false }
            }
            #expect(bends.count >= 2, "the slider and the keys bent nothing: \(bends)")
            try session.browser.screenshot(to: try TestOutput.file("web-matching.png").path)
            try session.browser.click("button.commit")
            #expect(waitUntil(timeout: .seconds(30)) { session.records("pitchMatching") == 1 },
                    "the commit scored nothing: \(session.peach.transcript)")
            try session.browser.press(WebDriver.escape)
            try session.wait("Start at the end", timeout: .seconds(30), Self.onStart)
        }
    }
}
