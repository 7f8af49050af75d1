import Foundation
import Glibc
import PeachBrowserSupport
import PeachMIDI
import Testing

extension RealSequencerTests {
    /// `peach web` end to end against the real sequencer: the page as a tab uses it (the secret traded for the cookie,
    /// the event stream, clicks and keys posted as the page's script posts them) trains, shows the profile, edits a
    /// setting into the file; it refuses what another site or no cookie asks; a tab closed during a note stops
    /// training with nothing left sounding at the synth.
    @Suite struct PeachWebTests {
        static func answerable(_ screen: String) -> Bool { screen.contains("data-key=\"ArrowUp\">") }

        /// kill -9 of `peach web` while a note sounds: the guardian silences the synth as for `peach` (the page's
        /// server dies with it; nothing of the page can hold a note).
        @Test func peachWebKilledDuringANoteLeavesNothingSounding() throws {
            let directory = try PeachProgram.temporaryDirectory(config: PeachStuckNoteTests.config)
            let synth = try TestClient(name: "Page Synth", portName: "synth", writable: true, synthesizer: true)
            let (peach, page) = try Self.startPeach(directory, synth: synth)
            let tab = try page.openStream()
            #expect(tab.next { $0.contains("data-choose=\"0\"") } != nil, "no Start screen: \(peach.transcript)")
            #expect(try page.post("choose=0") == 204)
            let before = try PeachStuckNoteTests.untilNoteOn(synth)
            kill(peach.pid, SIGKILL)
            let (after, _) = PeachSignalTests.untilAllNotesOff(synth, sounded: before, timeout: .seconds(20))
            #expect(peach.waitForExit(timeout: .seconds(20)) == 128 + SIGKILL)
            #expect(notesLeftOn((before + after).map(\.event)).isEmpty, "left sounding: \(notesLeftOn((before + after).map(\.event)))")
            _ = tab.next(timeout: .seconds(5)) { _ in false }
            #expect(tab.received.hasSuffix("[closed]"), "the page's stream outlived Peach")
        }

        static func startPeach(_ directory: URL, synth: TestClient) throws -> (PeachRun, PageClient) {
            let peach = try PeachRun(["web", "--no-browser", "--synth", "external", "--port", "\(synth.address)"]
                                     + PeachProgram.dataArguments(directory), directory: directory)
            let line = try peach.expectLine(prefix: "Peach is on your browser's page ", anywhere: true)
            let url = try #require(PageClient.address(printedIn: line))
            return (peach, try PageClient(url: url))
        }

        @Test func thePageTrainsAndAClosedTabLeavesNothingSounding() throws {
            let directory = try PeachProgram.temporaryDirectory()
            let synth = try TestClient(name: "Page Synth", portName: "synth", writable: true, synthesizer: true)
            let (peach, page) = try Self.startPeach(directory, synth: synth)
            let tab = try page.openStream()
            #expect(tab.next { $0.contains("data-choose=\"0\"") } != nil, "no Start screen: \(peach.transcript)")
            // The first entry is unison comparison: answer three trials by clicking the up button.
            #expect(try page.post("choose=0") == 204)
            var answered = 0
            while answered < 3, tab.next(timeout: .seconds(60), Self.answerable) != nil {
                #expect(try page.post("key=ArrowUp") == 204)
                answered += 1
                _ = tab.next { !Self.answerable($0) }
            }
            #expect(answered == 3, "\(peach.transcript)")
            #expect(waitUntil(timeout: .seconds(10)) { ((try? PeachProgram.logRecords(directory)) ?? []).count >= 3 })
            // A note sounds: the tab goes away.
            var heard = synth.receive(idle: .milliseconds(50), limit: .seconds(2))
            #expect(waitUntil(timeout: .seconds(30)) {
                heard += synth.receive(idle: .milliseconds(20), limit: .milliseconds(200))
                return !notesLeftOn(heard.map(\.event)).isEmpty
            }, "no note sounded to close the tab on")
            tab.close()
            heard += synth.receive(idle: .seconds(3), limit: .seconds(6))
            #expect(notesLeftOn(heard.map(\.event)).isEmpty, "left sounding: \(notesLeftOn(heard.map(\.event))) of \(heard)")
            let reopened = try page.openStream()
            #expect(reopened.next(timeout: .seconds(5)) { $0.contains("data-choose=\"0\"") } != nil,
                    "training went on without a tab: \(reopened.received.prefix(3000)) \(peach.transcript)")
            #expect(!synth.receive(idle: .seconds(2), limit: .seconds(3)).contains { $0.event.isNoteOn }, "it played on")
            #expect(try page.post("key=q") == 204)
            #expect(peach.waitForExit() == 0, "\(peach.transcript)")
            #expect(!peach.stderr.text.contains("Fatal error"), "\(peach.transcript)")
        }

        @Test func theProfileAndSettingsWorkAndOtherSitesAreRefused() throws {
            let directory = try PeachProgram.temporaryDirectory()
            let synth = try TestClient(name: "Page Synth", portName: "synth", writable: true, synthesizer: true)
            let (peach, page) = try Self.startPeach(directory, synth: synth)
            #expect(try page.request("GET", "/", withCookie: false).status == 403)
            #expect(try page.request("GET", "/", host: "rebound.example:\(page.port)").status == 403)
            #expect(try page.post("key=p", origin: "http://evil.example") == 403)
            #expect(try page.post("key=p", origin: .some(nil)) == 403)
            #expect(try page.request("GET", "/events", origin: "http://evil.example").status == 403)
            #expect(!peach.stdout.text.contains("secret=") || peach.stdout.text.components(separatedBy: "secret=").count == 2,
                    "the secret is printed once, in the address, and never again")
            let tab = try page.openStream()
            // The address is printed before the synth is connected (the page shows the startup): Start first.
            #expect(tab.next { $0.contains("data-choose=\"0\"") } != nil, "no Start screen: \(peach.transcript)")
            #expect(try page.post("key=p") == 204)
            let profile = try #require(tab.next { $0.contains("<pre class=\"section\">") })
            #expect(profile.contains("<svg role=\"img\""))
            #expect(try page.request("GET", "/profile.json").body.hasPrefix("{"))
            #expect(try page.post("key=Escape") == 204)
            #expect(try page.post("key=s") == 204)
            let settings = try #require(tab.next { $0.contains("<form data-setting=") })
            let row = try #require(Self.row(of: "training.note_duration", in: settings))
            #expect(try page.post("setting=\(row)&value=0.6") == 204)
            #expect(tab.next { $0.contains("role=\"status\">") } != nil)
            let file = try String(contentsOf: directory.appendingPathComponent("peach.conf"), encoding: .utf8)
            #expect(file.contains("note_duration = 0.6"), "\(file)")
            #expect(try page.post("setting=\(row)&value=99") == 204)
            #expect(tab.next { $0.contains("not allowed") } != nil)
            #expect(try page.post("key=Escape") == 204)
            #expect(try page.post("key=q") == 204)
            #expect(peach.waitForExit() == 0, "\(peach.transcript)")
        }

        /// The row number of a key on the Settings page, from its item (`<li id="row-N" data-id="training.note_duration">`).
        static func row(of id: String, in settings: String) -> Int? {
            guard let item = settings.range(of: "\" data-id=\"\(id)\"") else { return nil }
            return Int(settings[..<item.lowerBound].reversed().prefix { $0.isNumber }.reversed().map(String.init).joined())
        }
    }
}
