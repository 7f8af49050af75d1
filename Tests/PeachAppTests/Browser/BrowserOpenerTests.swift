import Foundation
@testable import PeachApp
import Testing

/// Opening the page in the user's browser: `xdg-open` (here a stand-in that writes down what it was given) gets a
/// redirect file only the user can read, never the address with its secret; and a second `peach web` on data a first
/// one trains on opens the first one's page again instead of failing.
@Suite(.serialized) struct BrowserOpenerTests {
    /// A directory with an `xdg-open` that appends its argument to `opened` in the same directory.
    struct Desktop {
        let directory: String
        var environment: [String: String] {
            ["DISPLAY": ":0", "PATH": directory + ":/usr/bin:/bin", "XDG_RUNTIME_DIR": directory]
        }

        init() throws {
            directory = try BuiltPeach.temporaryDirectory("peach-desktop")
            let script = "#!/bin/sh\necho \"$@\" >> \"\(directory)/opened\"\n"
            try script.write(toFile: directory + "/xdg-open", atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory + "/xdg-open")
        }

        /// What `xdg-open` was given, once it has run (at most 5 s).
        func opened() -> [String] {
            let deadline = ContinuousClock.now + .seconds(5)
            while ContinuousClock.now < deadline {
                // The shell creates the file before echo writes the line: only a whole line counts.
                if let text = try? String(contentsOfFile: directory + "/opened", encoding: .utf8), text.hasSuffix("\n") {
                    return text.split(separator: "\n").map(String.init)
                }
                Thread.sleep(forTimeInterval: 0.02)
            }
            return []
        }
    }

    @Test func theBrowserGetsAFileOnlyTheUserCanReadNeverTheSecret() throws {
        let desktop = try Desktop()
        defer { try? FileManager.default.removeItem(atPath: desktop.directory) }
        let url = "http://127.0.0.1:8123/?secret=5e5e"
        let redirect = try #require(BrowserOpener.open(url, environment: desktop.environment, fallbackDirectory: "/nonexistent"))
        #expect(redirect.hasPrefix(desktop.directory + "/peach-page-"))
        #expect(desktop.opened() == [redirect], "xdg-open gets the file, not the address")
        #expect(try String(contentsOfFile: redirect, encoding: .utf8).contains("url=\(url)"))
        let mode = try FileManager.default.attributesOfItem(atPath: redirect)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(BrowserOpener.open(url, environment: ["PATH": desktop.directory], fallbackDirectory: desktop.directory) == nil,
                "no desktop, no browser")
    }

    @Test func theRunningPeachsPageIsOpenedAgainWhenItWroteOne() throws {
        let desktop = try Desktop()
        defer { try? FileManager.default.removeItem(atPath: desktop.directory) }
        #expect(!BrowserOpener.openRunning(pid: 4242, environment: desktop.environment, fallbackDirectory: "/nonexistent"))
        let redirect = BrowserOpener.redirectPath(in: desktop.directory, pid: 4242)
        try "<meta>".write(toFile: redirect, atomically: true, encoding: .utf8)
        #expect(BrowserOpener.openRunning(pid: 4242, environment: desktop.environment, fallbackDirectory: "/nonexistent"))
        #expect(desktop.opened() == [redirect])
    }

    /// The menu entry clicked twice: the second `peach web` finds the data locked by the first, opens the first one's
    /// page again and ends with success; the first goes on.
    @Test func aSecondPeachWebOpensTheFirstOnesPage() throws {
        let desktop = try Desktop()
        defer { try? FileManager.default.removeItem(atPath: desktop.directory) }
        let first = try WebPeach(openBrowser: true, environment: desktop.environment)
        let redirect = BrowserOpener.redirectPath(in: desktop.directory, pid: first.process.processIdentifier)
        #expect(desktop.opened() == [redirect], "the first opened its page: \(first.output)")
        try FileManager.default.removeItem(atPath: desktop.directory + "/opened")
        let second = Process()
        second.executableURL = URL(fileURLWithPath: BuiltPeach.path)
        second.arguments = ["web", "--data-dir", first.directory, "--config", first.directory + "/peach.conf"]
        second.environment = first.process.environment
        let output = Pipe()
        second.standardOutput = output
        second.standardError = output
        try second.run()
        second.waitUntilExit()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(second.terminationStatus == 0, "\(said)")
        #expect(said.contains("already running (process \(first.process.processIdentifier))"), "\(said)")
        #expect(desktop.opened() == [redirect], "the second opened the first one's page")
        #expect(first.process.isRunning)
    }
}
