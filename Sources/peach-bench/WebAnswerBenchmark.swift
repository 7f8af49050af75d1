import Foundation
import PeachBrowserSupport

/// An answer clicked on the page → its feedback on the page, with sound (sequencer group): the real `peach web` on a
/// real sequencer (Midi Through as its synth: no FluidSynth start), a client that traded the printed secret for the
/// cookie and holds the event stream as a tab does, unison comparison opened from Start. Each time the screen offers
/// the answer buttons, the client posts what clicking "higher" posts (`key=ArrowUp`) and times it until the screen
/// whose live region announces the feedback arrives on the stream: the page's input, the trainer, the session's
/// scoring and recording (a line appended to the log), the render and the event stream.
enum WebAnswerBenchmark {
    static func run(report: BenchReport, short: Bool) async {
        do {
            let directory = temporaryPath("web-answer")
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let config = directory + "/peach.conf"
            try "[training]\nnote_duration = 0.3\n".write(toFile: config, atomically: true, encoding: .utf8)
            let peach = try RunningPeach(directory: directory + "/data", arguments: WebPageBenchmark.arguments(synth: "14:0")
                                         + ["--config", config])
            defer { peach.quit() }
            let page = try await WebPageBenchmark.open(peach)
            let tab = try page.openStream()
            guard tab.next(timeout: .seconds(60), { $0.contains("data-choose=\"0\"") }) != nil else { throw BenchError("no Start screen") }
            guard try page.post("choose=0") == 204 else { throw BenchError("Start's first entry was refused") }
            let trips = try answer(short ? 20 : 100, page: page, tab: tab)
            _ = try? page.post("key=Escape")
            report.add("web-answer", "an answer posted → its feedback on the page, p50", percentile(trips, 50), "ms",
                       note: "\(trips.count) comparisons, peach web on the sequencer"
                           + (LatencyBenchmark.nativeSequencer ? "" : " (VM: CPU emulated 15-40x)"))
            report.add("web-answer", "an answer posted → its feedback on the page, p99", percentile(trips, 99), "ms")
        } catch {
            report.unmeasurable("web-answer", "\(error)")
        }
    }

    /// Answers `count` comparisons as they become answerable; each answer's milliseconds from its POST to the screen
    /// announcing its feedback.
    static func answer(_ count: Int, page: PageClient, tab: PageStream) throws -> [Double] {
        var trips: [Double] = []
        for _ in 0..<count {
            guard tab.next(timeout: .seconds(30), answerable) != nil else { throw BenchError("no comparison became answerable") }
            let sent = monotonicNanoseconds()
            guard try page.post("key=ArrowUp") == 204 else { throw BenchError("the answer was refused") }
            guard tab.next(timeout: .seconds(30), { !answerable($0) && announcesFeedback($0) }) != nil else {
                throw BenchError("no feedback arrived for an answer")
            }
            trips.append(Double(monotonicNanoseconds() - sent) / 1e6)
        }
        return trips
    }

    /// The answer buttons are there and enabled (a disabled button's tag carries `disabled`).
    static func answerable(_ screen: String) -> Bool {
        screen.contains("data-key=\"ArrowUp\">") && screen.contains("data-key=\"ArrowDown\">")
    }

    /// The live region says something: what the trial's feedback says, for a screen reader.
    static func announcesFeedback(_ screen: String) -> Bool {
        guard let region = screen.range(of: "aria-live=\"polite\">") else { return false }
        return !screen[region.upperBound...].hasPrefix("<")
    }
}
