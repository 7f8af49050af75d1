import Foundation
import PeachCore

/// Collects one line per figure — measurement, unit, goal and anchor — and a JSON summary.
/// Unchecked Sendable: the benchmarks run one after another (main.swift awaits each), so one of them at a
/// time adds to it, whatever executor it runs on.
final class BenchReport: @unchecked Sendable {
    struct Figure: Codable {
        var benchmark: String
        var name: String
        var value: Double?
        var unit: String
        var goal: String?
        var met: Bool?
        var anchor: String?
        var note: String?
        /// A paired figure's ratio interval (95 %), its median difference candidate − reference with that interval (in
        /// the blocks' own unit: µs for the knob, ms for clicks and taps; a goal's allowance is judged on it), and its
        /// verdict: "met", "NOT met" or "undecided".
        var interval: [Double]?
        var difference: Double?
        var differenceInterval: [Double]?
        var verdict: String?
    }

    private(set) var figures: [Figure] = []
    private(set) var failures: [String] = []

    /// Records and prints a figure. `met` is nil where the figure has no pass/fail goal (a baseline).
    /// `printed: false` keeps it for the JSON only (a cell of a table that prints a summary instead).
    func add(_ benchmark: String, _ name: String, _ value: Double?, _ unit: String,
             goal: String? = nil, met: Bool? = nil, anchor: String? = nil, note: String? = nil, printed: Bool = true,
             paired: PairedRatio? = nil, verdict: String? = nil) {
        let figure = Figure(benchmark: benchmark, name: name, value: value, unit: unit, goal: goal, met: met,
                            anchor: anchor, note: note,
                            interval: paired.map { [$0.ratioInterval.lowerBound, $0.ratioInterval.upperBound] },
                            difference: paired?.difference,
                            differenceInterval: paired.map { [$0.differenceInterval.lowerBound, $0.differenceInterval.upperBound] },
                            verdict: verdict)
        figures.append(figure)
        guard printed else { return }
        var line = "\(benchmark) | \(name): " + (value.map { Self.format($0) } ?? "n/a") + " \(unit)"
        if let goal { line += "  (goal \(goal)" + (verdict.map { ": " + $0 } ?? met.map { $0 ? ": met" : ": NOT met" } ?? "") + ")" }
        if let anchor { line += "  [anchor: \(anchor)]" }
        if let note { line += "  — \(note)" }
        print(line)
        fflush(nil)  // all streams: `stdout` itself is not concurrency-safe to name in Swift 6
    }

    /// Prints a summary table: a title, then aligned columns (the first left-aligned, the rest right-aligned),
    /// each line prefixed like a figure so the output stays greppable. The cells it summarises are in the JSON.
    func table(_ benchmark: String, _ title: String, header: [String], rows: [[String]], footnotes: [String] = []) {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: max(widths[column] - cell.count, 0))
                return column == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
        print("\(benchmark) | \(title)")
        print("\(benchmark) |   " + line(header))
        for row in rows { print("\(benchmark) |   " + line(row)) }
        for footnote in footnotes { print("\(benchmark) |   " + footnote) }
        fflush(nil)  // all streams: `stdout` itself is not concurrency-safe to name in Swift 6
    }

    /// A figure that could not be measured at all: the only thing that fails the short CI run.
    func unmeasurable(_ benchmark: String, _ why: String) {
        failures.append("\(benchmark): \(why)")
        print("\(benchmark) | NOT MEASURED: \(why)")
        fflush(nil)  // all streams: `stdout` itself is not concurrency-safe to name in Swift 6
    }

    func writeJSON(to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        struct Summary: Codable { var figures: [Figure]; var unmeasured: [String] }
        try encoder.encode(Summary(figures: figures, unmeasured: failures)).write(to: url)
    }

    static func format(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e9 { return String(Int(value)) }
        return abs(value) >= 100 ? String(format: "%.1f", value) : String(format: "%.3f", value)
    }
}

/// The mean of a sample (0 for none).
func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(max(values.count, 1)) }

/// Percentiles of a sample (nearest-rank).
func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
}

/// The simulations' seeded generator, so simulated runs are repeatable.
typealias SeededGenerator = SplitMix64

extension PairedRatio {
    /// "ratio 0.92 (95 %: 0.71–1.30), difference −0.004 ms (95 %: −0.02–+0.01), 4 pairs": the click and tap figures'.
    var summary: String { summary(unit: "ms", format: "%+.3f", blocks: "pairs") }

    /// The same with the difference in `unit` (none for a count), printed by `format`, and the blocks' own name.
    func summary(unit: String, format: String, blocks: String) -> String {
        let unitSuffix = unit.isEmpty ? "" : " " + unit
        return "ratio \(String(format: "%.2f", ratio)) (95 %: \(String(format: "%.2f", ratioInterval.lowerBound))–"
            + "\(String(format: "%.2f", ratioInterval.upperBound))), difference \(String(format: format, difference))\(unitSuffix) "
            + "(95 %: \(String(format: format, differenceInterval.lowerBound))–\(String(format: format, differenceInterval.upperBound))), "
            + "\(pairs) \(blocks)"
    }
}
