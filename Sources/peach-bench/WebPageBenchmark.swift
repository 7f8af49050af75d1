import Foundation
import PeachBrowserSupport

/// Figures of `peach web` (host group, native, no sequencer needed: without one the page runs without sound, and
/// everything measured here is the page's own path):
///   the first screen with 100,000 records: from spawn until the Start screen's HTML arrived on the event stream of a
///   client that traded the printed secret for the cookie first (goal < 300 ms native);
///   a key posted → its screen on the page, p50 and p99 (`i` and Escape in turn: the page's input, the trainer, the
///   render and the event stream; an answer's feedback takes the same path plus the session's own work);
///   the idle CPU of `peach web` with one tab open (its event stream held) for 10 s (5 s short).
enum WebPageBenchmark {
    static let arguments = arguments(synth: "No Such Synth")

    static func arguments(synth: String) -> [String] { ["web", "--no-browser", "--synth", "external", "--port", synth] }

    /// The page as a tab opens it: the address `peach` printed, its secret traded for the cookie.
    static func open(_ peach: RunningPeach, seconds: Double = 30) async throws -> PageClient {
        _ = try await peach.waitForLine(containing: "http://127.0.0.1:", seconds: seconds)
        guard let url = PageClient.address(printedIn: peach.printed) else {
            throw BenchError("peach web printed no address")
        }
        return try PageClient(url: url)
    }

    static func run(report: BenchReport, short: Bool) async {
        do {
            let directory = try await MainActor.run { try LaunchBenchmark.historyDirectory(100_000) }
            var firsts: [Double] = []
            for run in 0..<(short ? 3 : 5) {
                let peach = try RunningPeach(directory: directory, arguments: arguments)
                defer { peach.quit() }
                let page = try await open(peach)
                let tab = try page.openStream()
                guard tab.next(timeout: .seconds(30), { $0.contains("data-choose=\"0\"") }) != nil else {
                    throw BenchError("no Start screen arrived")
                }
                firsts.append(peach.elapsed)
                if run == 0 { try await measureRoundTrips(page, tab: tab, peach: peach, report: report, short: short) }
                _ = try? page.post("key=q")  // q on Start ends it (the page has no standard input to say q on)
            }
            let first = percentile(firsts, 50)
            report.add("web-page", "first screen on the page, 100000 records", first, "ms", goal: "< 300 ms native", met: first < 300,
                       note: "median of \(firsts.count): spawn → the Start screen's HTML on the event stream, the secret traded first")
        } catch {
            report.unmeasurable("web-page", "\(error)")
        }
    }

    static func measureRoundTrips(_ page: PageClient, tab: PageStream, peach: RunningPeach, report: BenchReport,
                                  short: Bool) async throws {
        var trips: [Double] = []
        for index in 0..<(short ? 60 : 200) {
            let info = index % 2 == 0
            let sent = monotonicNanoseconds()
            guard try page.post(info ? "key=i" : "key=Escape") == 204 else { throw BenchError("a key was refused") }
            guard tab.next(timeout: .seconds(10), { info ? $0.contains("<code>") : $0.contains("data-choose=\"0\"") }) != nil else {
                throw BenchError("the screen for a key never arrived")
            }
            trips.append(Double(monotonicNanoseconds() - sent) / 1e6)
        }
        report.add("web-page", "a key posted → its screen on the page, p50", percentile(trips, 50), "ms",
                   note: "\(trips.count) keys (Info and back), native; the answer → feedback path is this one plus the session's work")
        report.add("web-page", "a key posted → its screen on the page, p99", percentile(trips, 99), "ms")
        let seconds = short ? 5.0 : 10.0
        guard let before = peach.cpuSeconds() else { throw BenchError("no /proc/PID/stat") }
        try await Task.sleep(for: .seconds(seconds))
        guard let after = peach.cpuSeconds() else { throw BenchError("no /proc/PID/stat") }
        report.add("web-page", "idle CPU of peach web with one tab open", (after - before) / seconds * 100, "% of a core",
                   note: "utime+stime over \(Int(seconds)) s with the event stream held (heartbeats every 5 s), native")
    }
}
