import Foundation
import PeachCore

/// Writes training records as iOS Peach CSV format 3, oldest first.
///
/// `centOffset` of a comparison is the *intended* offset, not the presented one: iOS Peach records the
/// offset its adaptive algorithm chose (its sampler plays it exactly), and that is what its profile
/// and difficulty tracking read back. The presented offset differs only by the synth's resolution and
/// stays in the Linux log; exporting it would make an iOS-side profile drift from the Linux one.
///
/// Threshold-test results are not exported: format 3 has no row for them (their comparisons are
/// exported as ordinary rows). `skippedCount` says how many an export leaves out.
public enum CSVExporter {
    /// The records an export leaves out (threshold-test results).
    public static func skippedCount(_ records: [TrainingRecord]) -> Int {
        records.count - records.count(where: isExported)
    }

    static func isExported(_ record: TrainingRecord) -> Bool {
        switch record {
        case .comparison, .pitchMatching: true
        case .thresholdTest: false
        }
    }

    /// The whole export in memory.
    public static func csv(_ records: [TrainingRecord]) -> String {
        var text = ""
        export(records) { text += $0 }
        return text
    }

    /// Streams the export in chunks to `write` (a file, stdout). `progress(done, total)` is called every
    /// 1,000 rows and at the end.
    public static func export<E: Error>(_ records: [TrainingRecord], progress: ((Int, Int) -> Void)? = nil,
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

    static func row(_ record: TrainingRecord) -> String? {
        var cells = [String](repeating: "", count: PeachCSVFormat.columns.count)
        func set(_ column: PeachCSVFormat.Column, _ value: String) { cells[column.rawValue] = CSVField.quoted(value) }
        func setCommon(_ type: PeachCSVFormat.TrainingType, _ timestamp: Date, _ reference: MIDINote, _ target: MIDINote,
                       _ interval: Interval, _ tuning: TuningSystem) {
            set(.trainingType, type.rawValue)
            // Whole seconds stay in the plain form iOS itself writes; milliseconds are kept when present.
            set(.timestamp, UTCMilliseconds(timestamp).iso8601(fractionalSeconds: .whenNonZero))
            set(.referenceNote, String(reference.rawValue))
            set(.referenceNoteName, reference.name)
            set(.targetNote, String(target.rawValue))
            set(.targetNoteName, target.name)
            set(.interval, interval.abbreviation)
            set(.tuningSystem, tuning.rawValue)
        }
        switch record {
        case .comparison(let r):
            setCommon(.pitchDiscrimination, r.timestamp, r.referenceNote, r.targetNote, r.interval, r.tuningSystem)
            set(.centOffset, "\(r.intendedCentOffset.value)")
            set(.isCorrect, r.isCorrect ? "true" : "false")
        case .pitchMatching(let r):
            setCommon(.pitchMatching, r.timestamp, r.referenceNote, r.targetNote, r.interval, r.tuningSystem)
            set(.initialCentOffset, "\(r.initialCentOffset.value)")
            set(.userCentError, "\(r.userCentError.value)")
        case .thresholdTest:
            return nil
        }
        return cells.joined(separator: ",") + "\n"
    }
}
