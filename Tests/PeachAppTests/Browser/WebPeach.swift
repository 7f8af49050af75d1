import Foundation
import PeachBrowserSupport

/// `peach web` as the browser tests run it: built, in a data directory of its own, with a synth that is not there,
/// so it runs without sound on every machine (the page says so) and nothing here ever plays a note.
final class WebPeach {
    let directory: String
    let process = Process()
    private(set) var url = ""

    /// `openBrowser`: without `--no-browser` (the environment then says where `xdg-open` and the desktop are).
    init(language: [String: String] = ["LC_ALL": "C.UTF-8"], records: String? = nil, openBrowser: Bool = false,
         environment extra: [String: String] = [:]) throws {
        directory = try BuiltPeach.temporaryDirectory("peach-browser")
        try "[ui]\nbell = off\n".write(toFile: directory + "/peach.conf", atomically: true, encoding: .utf8)
        if let records { try records.write(toFile: directory + "/training.log", atomically: true, encoding: .utf8) }
        process.executableURL = URL(fileURLWithPath: BuiltPeach.path)
        process.arguments = ["web"] + (openBrowser ? [] : ["--no-browser"]) + ["--synth", "external", "--port", "No Such Synth",
                             "--data-dir", directory, "--config", directory + "/peach.conf"]
        var environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": directory,
                           "XDG_CONFIG_HOME": directory + "/xdg-config", "XDG_DATA_HOME": directory + "/xdg-data"]
        environment.merge(language) { $1 }
        environment.merge(extra) { $1 }
        process.environment = environment
        _ = FileManager.default.createFile(atPath: directory + "/out", contents: nil)
        _ = FileManager.default.createFile(atPath: directory + "/err", contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: directory + "/out")
        process.standardError = FileHandle(forWritingAtPath: directory + "/err")
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = ContinuousClock.now + .seconds(20)
        while url.isEmpty, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            url = PageClient.address(printedIn: output) ?? ""
        }
        guard !url.isEmpty else { throw LoopbackHTTP.Failure(description: "peach web printed no address: \(output) \(errors)") }
    }

    deinit {
        WebDriver.end(process)
        try? FileManager.default.removeItem(atPath: directory)
    }

    var output: String { (try? String(contentsOfFile: directory + "/out", encoding: .utf8)) ?? "" }
    var errors: String { (try? String(contentsOfFile: directory + "/err", encoding: .utf8)) ?? "" }
    var configuration: String { (try? String(contentsOfFile: directory + "/peach.conf", encoding: .utf8)) ?? "" }

    var port: UInt16 { UInt16(url.split(separator: ":")[2].prefix { $0.isNumber }) ?? 0 }

    /// Waits for the process to end (at most `timeout`); its status, or nil.
    func waitForExit(timeout: Duration = .seconds(10)) -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return process.isRunning ? nil : process.terminationStatus
    }
}
