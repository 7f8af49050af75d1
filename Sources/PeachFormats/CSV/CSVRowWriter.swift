import Foundation
import PeachCore

/// One format-3 data row as a discipline's CSV codec writes it: every column empty until set, each cell
/// quoted only when it must be.
public struct CSVRowWriter {
    public typealias Column = PeachCSVFormat.Column
    private var cells = [String](repeating: "", count: PeachCSVFormat.columns.count)

    /// A row of iOS training type `trainingType` at `timestamp`.
    public init(trainingType: String, timestamp: Date) {
        set(.trainingType, trainingType)
        // Whole seconds stay in the plain form iOS itself writes; milliseconds are kept when present.
        set(.timestamp, UTCMilliseconds(timestamp).iso8601(fractionalSeconds: .whenNonZero))
    }

    public mutating func set(_ column: Column, _ value: String) { cells[column.rawValue] = CSVField.quoted(value) }

    /// A number as Swift's shortest round-tripping decimal (as iOS Peach reads it).
    public mutating func set(_ column: Column, _ value: Double) { set(column, "\(value)") }

    public mutating func set(_ column: Column, _ value: Bool) { set(column, value ? "true" : "false") }

    /// The pitch disciplines' common cells: notes with their names, interval and tuning system.
    public mutating func setNotes(reference: MIDINote, target: MIDINote, interval: Interval, tuningSystem: TuningSystem) {
        set(.referenceNote, String(reference.rawValue))
        set(.referenceNoteName, reference.name)
        set(.targetNote, String(target.rawValue))
        set(.targetNoteName, target.name)
        set(.interval, interval.abbreviation)
        set(.tuningSystem, tuningSystem.rawValue)
    }

    /// The row with its line end.
    public var line: String { cells.joined(separator: ",") + "\n" }
}
