import Foundation
import PeachCore
import PeachFormats
import PeachText

/// Writes training records as iOS Peach CSV format 3, oldest first, each row by its discipline's CSV codec.
/// Records of a discipline format 3 has no row for (threshold-test results: their comparisons are exported as
/// ordinary rows) are left out; `leftOut` says how many of which, so the user is told.
public struct CSVExporter {
    private let codecs: RecordCodecs

    public init(codecs: RecordCodecs) { self.codecs = codecs }

    /// The records an export leaves out, by the text that says what they are (`.exportThresholdTestResults`: 2),
    /// in first-seen order.
    public func leftOut(_ records: [TrainingRecord]) -> [(records: PluralMessageID, count: Int)] {
        var counts: [(records: PluralMessageID, count: Int)] = []
        for record in records {
            guard case .noRows(let text) = codecs.csvRows(for: record.kind) else { continue }
            if let index = counts.firstIndex(where: { $0.records == text }) { counts[index].count += 1 }
            else { counts.append((text, 1)) }
        }
        return counts
    }

    /// The rows iOS Peach will not read: those in a tuning it does not know (a named tuning or a .scl file; it knows
    /// equal temperament and just intonation). They are exported all the same, so Peach's own import loses nothing.
    public func unknownToIOS(_ records: [TrainingRecord]) -> (count: Int, tunings: [String]) {
        var tunings: [String] = []
        var count = 0
        for record in records where record.discipline.tuningSystem.kind == .scale {
            count += 1
            if !tunings.contains(record.discipline.tuningSystem.rawValue) { tunings.append(record.discipline.tuningSystem.rawValue) }
        }
        return (count, tunings)
    }

    /// The whole export in memory.
    public func csv(_ records: [TrainingRecord]) -> String {
        var text = ""
        export(records) { text += $0 }
        return text
    }

    /// Streams the export in chunks to `write` (a file, stdout). `progress(done, total)` is called every
    /// 1,000 rows and at the end.
    public func export<E: Error>(_ records: [TrainingRecord], progress: ((Int, Int) -> Void)? = nil,
                                 write: (String) throws(E) -> Void) throws(E) {
        let sorted = records.enumerated().sorted {
            ($0.element.timestamp, $0.offset) < ($1.element.timestamp, $1.offset)
        }.map(\.element)
        var chunk = PeachCSVFormat.metadataLine + "\n" + PeachCSVFormat.columns.joined(separator: ",") + "\n"
        for (index, record) in sorted.enumerated() {
            if let row = row(record) { chunk += row }
            if (index + 1) % 1000 == 0 {
                try write(chunk)
                chunk = ""
                progress?(index + 1, sorted.count)
            }
        }
        try write(chunk)
        progress?(sorted.count, sorted.count)
    }

    func row(_ record: TrainingRecord) -> String? {
        guard case .rows(let codec) = codecs.csvRows(for: record.kind) else { return nil }
        return codec.row(for: record)
    }
}
