import Foundation
import PeachCore
import PeachText

/// One format-3 data row as a discipline's CSV codec reads it: typed cells, and every problem of the row
/// collected at once (a codec reads all its cells, then returns nil if any was wrong), so one round of
/// fixing is enough.
public struct CSVRowReader {
    public typealias Column = PeachCSVFormat.Column
    public let row: CSVRow
    public private(set) var problems: [CSVRowError] = []

    public init(row: CSVRow) { self.row = row }

    public func cell(_ column: Column) -> String { row.fields[column.rawValue] }

    /// Records a problem with `column` (nil: the whole row).
    public mutating func problem(_ column: Column?, _ reason: String) {
        problems.append(CSVRowError(row: row.lineNumber, column: column?.name, reason: reason))
    }

    public mutating func timestamp() -> Date? {
        let text = cell(.timestamp)
        guard let ms = ISO8601Parser.parse(text) else {
            problem(.timestamp, tr(.csvNotATimestamp, ["value": Echo.quoted(text)]))
            return nil
        }
        return ms.date
    }

    /// A MIDI note number, checked against the name in `nameColumn` when that is not empty.
    public mutating func note(_ column: Column, named nameColumn: Column) -> MIDINote? {
        let text = cell(column)
        guard let number = Int(text), let note = MIDINote(number) else {
            problem(column, tr(.csvNotANote, ["value": Echo.quoted(text)]))
            return nil
        }
        let name = cell(nameColumn)
        // Comparing with our own spelling first avoids the slower general name parser on almost every row.
        if !name.isEmpty && name != note.name && MIDINote(name: name) != note {
            problem(nameColumn, tr(.csvWrongNoteName, ["value": Echo.quoted(name), "number": "\(number)", "name": note.name]))
        }
        return note
    }

    public mutating func interval() -> Interval? {
        let text = cell(.interval)
        guard let interval = Interval(abbreviation: text) else {
            let known = Interval.allCases.map(\.abbreviation).joined(separator: " ")
            problem(.interval, tr(.csvNotAnInterval, ["value": Echo.quoted(text), "known": known]))
            return nil
        }
        return interval
    }

    public mutating func tuningSystem() -> TuningSystem? {
        let text = cell(.tuningSystem)
        guard let system = TuningSystem(rawValue: text) else {
            let known = TuningSystem.spellings
            problem(.tuningSystem, tr(.csvNotATuningSystem, ["value": Echo.quoted(text), "known": known]))
            return nil
        }
        return system
    }

    /// A required finite number ('.' as decimal point, whatever the locale).
    public mutating func number(_ column: Column) -> Double? {
        var text = cell(column)
        if text.first?.isWhitespace == true || text.last?.isWhitespace == true {
            text = text.trimmingCharacters(in: .whitespaces) // rare: hand-edited files
        }
        guard let value = Double(text), value.isFinite else {
            problem(column, text.isEmpty ? tr(.csvEmptyRequired) : tr(.csvNotANumber, ["value": Echo.quoted(text)]))
            return nil
        }
        return value
    }

    public mutating func boolean(_ column: Column) -> Bool? {
        switch cell(column).lowercased() {
        case "true": return true
        case "false": return false
        case let text:
            problem(column, text.isEmpty ? tr(.csvEmptyRequired) : tr(.csvNotABoolean, ["value": Echo.quoted(cell(column))]))
            return nil
        }
    }
}
