import Foundation
import PeachSystem

/// A real browser for the page's tests: headless Chromium driven over WebDriver (W3C) by `chromedriver` from
/// Debian's chromium-driver package, spoken as plain HTTP and JSON on loopback. Missing, it fails the test with what
/// to install (never a silent skip).
public final class WebDriver {
    public let port: UInt16
    /// Where chromedriver listens: nil for this machine's loopback; the VM's host (10.0.2.2) for `PEACH_WEBDRIVER`.
    private let address: String?
    /// The chromedriver this driver started (none when it speaks to one already running).
    private let driver: Process?
    private var session = ""

    public static let installHint = "the page's browser tests need Debian's chromium and chromium-driver: run scripts/setup --test"

    /// `PEACH_WEBDRIVER` ("10.0.2.2:PORT"), set by scripts/test-alsa for the qemu VM: a chromedriver already running on
    /// the VM's host, whose Chromium runs at native speed (on the emulated CPU, it took minutes to start).
    static var hostDriver: (address: String, port: UInt16)? {
        guard let value = ProcessInfo.processInfo.environment["PEACH_WEBDRIVER"], let colon = value.lastIndex(of: ":"),
              let port = UInt16(value[value.index(after: colon)...]) else { return nil }
        return (String(value[..<colon]), port)
    }

    public init(windowSize: String = "1200,900", startTimeout: Duration = .seconds(20)) throws {
        if let host = Self.hostDriver {
            (address, port, driver) = (host.address, host.port, nil)
        } else {
            address = nil
            (port, driver) = try Self.startDriver()
        }
        let deadline = ContinuousClock.now + startTimeout
        while (try? LoopbackHTTP.request("GET", port: port, path: "/status", address: address).status) != 200 {
            guard ContinuousClock.now < deadline else { throw LoopbackHTTP.Failure(description: "chromedriver did not start") }
            Thread.sleep(forTimeInterval: 0.1)
        }
        let arguments = ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=\(windowSize)"]
        // Creating the session starts Chromium: it gets the start's whole allowance too (at least the usual minute). On
        // the emulated VM's CPU, with the package built beside it, Chromium once took more than the minute alone.
        let created = try call("POST", "/session", ["capabilities": ["alwaysMatch": [
            "browserName": "chrome", "goog:chromeOptions": ["args": arguments]]]], timeout: max(startTimeout, .seconds(60)))
        guard let id = (created as? [String: Any])?["sessionId"] as? String else {
            throw LoopbackHTTP.Failure(description: "chromedriver made no session: \(String(describing: created))")
        }
        session = id
    }

    deinit {
        if !session.isEmpty { _ = try? call("DELETE", "/session/\(session)", nil) }
        if let driver { Self.end(driver) }
    }

    /// A chromedriver of this test's own on a free loopback port.
    private static func startDriver() throws -> (UInt16, Process) {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
            throw LoopbackHTTP.Failure(description: Self.installHint)
        }
        let probe = try LoopbackListener()
        let port = probe.port
        probe.close()
        let driver = Process()
        driver.executableURL = URL(fileURLWithPath: "/usr/bin/chromedriver")
        driver.arguments = ["--port=\(port)"]
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        try driver.run()
        return (port, driver)
    }

    /// Ends a child this test started: SIGTERM, then SIGKILL if it is still there a second later (polled, never a
    /// blocking wait that could outlast the test).
    public static func end(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = ContinuousClock.now + .seconds(1)
        while process.isRunning, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// One WebDriver command; its `value`.
    @discardableResult
    public func call(_ method: String, _ path: String, _ body: [String: Any]? = [:], timeout: Duration = .seconds(60)) throws -> Any? {
        let json = try body.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
        let answer = try LoopbackHTTP.request(method, port: port, path: path, body: method == "POST" ? json : nil, timeout: timeout,
                                              address: address)
        let value = (try? JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])?["value"]
        guard answer.status == 200 else { throw LoopbackHTTP.Failure(description: "\(method) \(path): \(answer.status) \(answer.body.prefix(400))") }
        return value
    }

    private var base: String { "/session/\(session)" }

    public func open(_ url: String) throws { try call("POST", base + "/url", ["url": url]) }

    /// The browser's reload.
    public func reload() throws { try call("POST", base + "/refresh") }

    public var source: String { (try? call("GET", base + "/source", nil) as? String) ?? "" }

    public var currentURL: String { (try? call("GET", base + "/url", nil) as? String) ?? "" }

    /// The element `css` finds now (the page redraws: find again rather than keep one).
    public func element(_ css: String) throws -> String {
        let found = try call("POST", base + "/element", ["using": "css selector", "value": css]) as? [String: Any]
        guard let id = found?.values.first as? String else { throw LoopbackHTTP.Failure(description: "no element \(css)") }
        return id
    }

    public func click(_ css: String) throws { try call("POST", base + "/element/\(try element(css))/click") }

    /// Clears the field `css` finds and types `text` into it.
    public func type(_ text: String, into css: String) throws {
        let field = try element(css)
        try call("POST", base + "/element/\(field)/clear")
        try call("POST", base + "/element/\(field)/value", ["text": text])
    }

    /// Sends `text` to the element `css` finds without clearing it first: a file input takes a file's path this way.
    public func send(_ text: String, to css: String) throws {
        try call("POST", base + "/element/\(try element(css))/value", ["text": text])
    }

    /// A key pressed and released where the focus is (`key`: a character, or a WebDriver key code such as \u{E00C}).
    public func press(_ key: String) throws {
        try call("POST", base + "/actions", ["actions": [["type": "key", "id": "keyboard", "actions": [
            ["type": "keyDown", "value": key], ["type": "keyUp", "value": key]]]]])
    }

    /// Waits until the page's source satisfies `condition` (at most `timeout`): the source, or a failure naming `what`.
    public func wait(timeout: Duration = .seconds(10), for what: String, _ condition: (String) -> Bool) throws -> String {
        let deadline = ContinuousClock.now + timeout
        var seen = source
        while !condition(seen) && ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            seen = source
        }
        guard condition(seen) else {
            throw LoopbackHTTP.Failure(description: "the page never showed \(what): \(seen.prefix(1500))")
        }
        return seen
    }

    /// A PNG of the window, kept for a person to look at.
    public func screenshot(to path: String) throws {
        guard let encoded = try call("GET", base + "/screenshot", nil) as? String, let png = Data(base64Encoded: encoded) else {
            throw LoopbackHTTP.Failure(description: "no screenshot")
        }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try png.write(to: URL(fileURLWithPath: path))
    }

    /// WebDriver's codes for keys that are not characters.
    public static let escape = "\u{E00C}", enter = "\u{E007}", arrowUp = "\u{E013}", arrowDown = "\u{E015}",
                      arrowLeft = "\u{E012}", arrowRight = "\u{E014}"
}
