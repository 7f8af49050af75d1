import Foundation
@testable import PeachApp
import PeachDisciplines
import PeachTestSupport
@testable import PeachTrainer
import Testing

@Suite struct ProgressReporterTests {
    final class Captured: @unchecked Sendable {
        // @unchecked: only written by the reporter under test, on the test's thread.
        var err = ""
        func console(terminal: Bool) -> Console { Console(out: { _ in }, err: { self.err += $0 }, errIsTerminal: terminal) }
    }

    final class Clock: @unchecked Sendable {
        var now = 100.0
    }

    /// The import's own reporting pattern: checking every 1000 rows, saving every 2000 records.
    func simulateImport(_ reporter: ProgressReporter, clock: Clock, total: Int) {
        for done in stride(from: 1000, through: total, by: 1000) {
            clock.now += 0.05
            reporter.update("checking", unit: "rows", done: done, total: total)
        }
        reporter.update("checking", unit: "rows", done: total, total: total) // the importer's closing report
        for done in stride(from: 2000, through: total, by: 2000) {
            clock.now += 0.2
            reporter.update("saving", unit: "records", done: done, total: total)
        }
    }

    /// Every printed "D of T … (P %)" must have P = ⌊100·D/T⌋.
    func expectConsistentPercentages(_ text: String) {
        let pattern = /(\d+) of (\d+) \w+ \((\d+) %\)/
        let matches = text.matches(of: pattern)
        #expect(!matches.isEmpty)
        for match in matches {
            let done = Int(match.1)!, total = Int(match.2)!, percent = Int(match.3)!
            #expect(percent == done * 100 / total, "\(match.0)")
        }
    }

    @Test func plainOutputIsAFewLinesWhosePercentagesMatchTheirCounts() {
        let captured = Captured(), clock = Clock()
        simulateImport(ProgressReporter(console: captured.console(terminal: false), clock: { clock.now }), clock: clock, total: 30000)
        let lines = captured.err.split(separator: "\n")
        #expect(lines.count == 8, "four per phase: \(lines)")
        #expect(lines.first == "checking: 8000 of 30000 rows (26 %)")
        #expect(lines.last == "saving: 30000 of 30000 records (100 %)")
        #expect(!captured.err.contains("\r"))
        expectConsistentPercentages(captured.err)
    }

    @Test func aTerminalGetsOneRedrawnLinePerPhaseWithRateAndTimeLeft() {
        let captured = Captured(), clock = Clock()
        simulateImport(ProgressReporter(console: captured.console(terminal: true), clock: { clock.now }), clock: clock, total: 30000)
        let lines = captured.err.split(separator: "\n")
        #expect(lines.count == 2, "one line per phase, each ended once: \(lines.count)")
        #expect(lines.allSatisfy { $0.hasPrefix("\r\u{1B}[K") })
        #expect(captured.err.contains("\r\u{1B}[Ksaving: 10000 of 30000 records (33 %), 10000 records/s, about 2 s left"),
                "\(captured.err.debugDescription)")
        #expect(captured.err.hasSuffix("saving: 30000 of 30000 records (100 %), 10000 records/s, done in 3 s\n"))
        expectConsistentPercentages(captured.err)
    }

    @Test func smallFilesPrintNothing() {
        let captured = Captured(), clock = Clock()
        simulateImport(ProgressReporter(console: captured.console(terminal: true), clock: { clock.now }), clock: clock, total: 4000)
        #expect(captured.err.isEmpty)
    }

    @Test func durationsAreReadable() {
        #expect(ProgressReporter.duration(0.2) == "1 s")
        #expect(ProgressReporter.duration(125) == "2 min 5 s")
    }
}
