import Foundation
import PeachSystem
import Testing

/// A real browser for the page's tests: headless Chromium driven over WebDriver (W3C) by `chromedriver` from
/// Debian's chromium-driver package, spoken as plain HTTP and JSON on loopback. Missing, it fails the test with what
/// to install (never a silent skip).
final class WebDriver {
    let port: UInt16
    private let driver: Process
    private var session = ""

    static let installHint = "the page's browser tests need Debian's chromium and chromium-driver: run scripts/setup --test"

    init(windowSize: String = "1200,900") throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
            throw LoopbackHTTP.Failure(description: Self.installHint)
        }
        let probe = try LoopbackListener()
        port = probe.port
        probe.close()
        driver = Process()
        driver.executableURL = URL(fileURLWithPath: "/usr/bin/chromedriver")
        driver.arguments = ["--port=\(port)"]
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        try driver.run()
        let deadline = ContinuousClock.now + .seconds(20)
        while (try? LoopbackHTTP.request("GET", port: port, path: "/status").status) != 200 {
            guard ContinuousClock.now < deadline else { throw LoopbackHTTP.Failure(description: "chromedriver did not start") }
            Thread.sleep(forTimeInterval: 0.1)
        }
        let arguments = ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=\(windowSize)"]
        let created = try call("POST", "/session", ["capabilities": ["alwaysMatch": [
            "browserName": "chrome", "goog:chromeOptions": ["args": arguments]]]])
        session = try #require((created as? [String: Any])?["sessionId"] as? String)
    }

    deinit {
        if !session.isEmpty { _ = try? call("DELETE", "/session/\(session)", nil) }
        Self.end(driver)
    }

    /// Ends a child this test started: SIGTERM, then SIGKILL if it is still there a second later (polled, never a
    /// blocking wait that could outlast the test).
    static func end(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = ContinuousClock.now + .seconds(1)
        while process.isRunning, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// One WebDriver command; its `value`.
    @discardableResult
    func call(_ method: String, _ path: String, _ body: [String: Any]? = [:]) throws -> Any? {
        let json = try body.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
        let answer = try LoopbackHTTP.request(method, port: port, path: path, body: method == "POST" ? json : nil)
        let value = (try? JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])?["value"]
        guard answer.status == 200 else { throw LoopbackHTTP.Failure(description: "\(method) \(path): \(answer.status) \(answer.body.prefix(400))") }
        return value
    }

    private var base: String { "/session/\(session)" }

    func open(_ url: String) throws { try call("POST", base + "/url", ["url": url]) }

    var source: String { (try? call("GET", base + "/source", nil) as? String) ?? "" }

    var currentURL: String { (try? call("GET", base + "/url", nil) as? String) ?? "" }

    /// The element `css` finds now (the page redraws: find again rather than keep one).
    func element(_ css: String) throws -> String {
        let found = try call("POST", base + "/element", ["using": "css selector", "value": css]) as? [String: Any]
        return try #require(found?.values.first as? String, "no element \(css)")
    }

    func click(_ css: String) throws { try call("POST", base + "/element/\(try element(css))/click") }

    /// Clears the field `css` finds and types `text` into it.
    func type(_ text: String, into css: String) throws {
        let field = try element(css)
        try call("POST", base + "/element/\(field)/clear")
        try call("POST", base + "/element/\(field)/value", ["text": text])
    }

    /// A key pressed and released where the focus is (`key`: a character, or a WebDriver key code such as \u{E00C}).
    func press(_ key: String) throws {
        try call("POST", base + "/actions", ["actions": [["type": "key", "id": "keyboard", "actions": [
            ["type": "keyDown", "value": key], ["type": "keyUp", "value": key]]]]])
    }

    /// Waits until the page's source satisfies `condition` (at most `timeout`); the source last seen.
    @discardableResult
    func wait(timeout: Duration = .seconds(10), for what: String, _ condition: (String) -> Bool) -> String {
        let deadline = ContinuousClock.now + timeout
        var seen = source
        while !condition(seen) && ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            seen = source
        }
        #expect(condition(seen), "the page never showed \(what): \(seen.prefix(1500))")
        return seen
    }

    /// A PNG of the window, kept for a person to look at.
    func screenshot(to path: String) throws {
        let encoded = try #require(try call("GET", base + "/screenshot", nil) as? String)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try #require(Data(base64Encoded: encoded)).write(to: URL(fileURLWithPath: path))
    }

    /// WebDriver's codes for keys that are not characters.
    static let escape = "\u{E00C}", enter = "\u{E007}", arrowUp = "\u{E013}", arrowDown = "\u{E015}"
}
