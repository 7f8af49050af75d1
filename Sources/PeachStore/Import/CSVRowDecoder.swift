import Foundation
import PeachCore

/// Turns one format-3 data row into a record, a skip, or the list of everything wrong with it
/// (all problems of a row at once, so one round of fixing is enough).
struct CSVRowDecoder {
    enum Outcome {
        case record(TrainingRecord)
        case skipped(trainingType: String)
        case invalid([CSVRowError])
    }

    private typealias Column = PeachCSVFormat.Column
    private let row: CSVRow
    private var problems: [CSVRowError] = []

    static func decode(_ row: CSVRow) -> Outcome {
        var decoder = CSVRowDecoder(row: row)
        return decoder.decode()
    }

    private init(row: CSVRow) { self.row = row }

    private mutating func decode() -> Outcome {
        let expected = PeachCSVFormat.columns.count
        guard row.fields.count == expected else {
            return .invalid([CSVRowError(row: row.lineNumber, column: nil,
                                         reason: "has \(row.fields.count) cells, expected \(expected)")])
        }
        let typeName = cell(.trainingType)
        if PeachCSVFormat.skippedTrainingTypes.contains(typeName) { return .skipped(trainingType: typeName) }
        guard let type = PeachCSVFormat.TrainingType(rawValue: typeName) else {
            let known = ([PeachCSVFormat.TrainingType.pitchDiscrimination.rawValue, PeachCSVFormat.TrainingType.pitchMatching.rawValue]
                + PeachCSVFormat.skippedTrainingTypes.sorted()).joined(separator: ", ")
            return .invalid([problem(.trainingType, "unknown training type \(Echo.quoted(typeName)) (known: \(known))")])
        }

        let timestamp = self.timestamp()
        let reference = note(.referenceNote, named: .referenceNoteName)
        let target = note(.targetNote, named: .targetNoteName)
        let interval = self.interval()
        let tuning = tuningSystem()
        let record: TrainingRecord?
        switch type {
        case .pitchDiscrimination:
            let offset = number(.centOffset)
            let isCorrect = boolean(.isCorrect)
            guard let timestamp, let reference, let target, let interval, let tuning, let offset, let isCorrect else {
                record = nil; break
            }
            // iOS does not export the answer; it follows from the offset's sign and correctness.
            let answeredHigher = (offset.value > 0) == isCorrect
            record = .comparison(ComparisonRecord(timestamp: timestamp, referenceNote: reference, targetNote: target,
                                                  intendedCentOffset: offset, presentedCentOffset: offset,
                                                  answeredHigher: answeredHigher, isCorrect: isCorrect,
                                                  interval: interval, tuningSystem: tuning))
        case .pitchMatching:
            let initial = number(.initialCentOffset)
            let error = number(.userCentError)
            guard let timestamp, let reference, let target, let interval, let tuning, let initial, let error else {
                record = nil; break
            }
            record = .pitchMatching(PitchMatchingRecord(timestamp: timestamp, referenceNote: reference, targetNote: target,
                                                        initialCentOffset: initial, userCentError: error,
                                                        interval: interval, tuningSystem: tuning))
        }
        if let record, problems.isEmpty { return .record(record) }
        return .invalid(problems)
    }

    // MARK: - Cells

    private func cell(_ column: Column) -> String { row.fields[column.rawValue] }

    private mutating func problem(_ column: Column, _ reason: String) -> CSVRowError {
        let error = CSVRowError(row: row.lineNumber, column: column.name, reason: reason)
        problems.append(error)
        return error
    }

    private mutating func timestamp() -> Date? {
        let text = cell(.timestamp)
        guard let ms = ISO8601Parser.parse(text) else {
            _ = problem(.timestamp, "\(Echo.quoted(text)) is not an ISO 8601 date-time with time zone, e.g. 2026-03-03T14:30:00Z")
            return nil
        }
        return ms.date
    }

    private mutating func note(_ column: Column, named nameColumn: Column) -> MIDINote? {
        let text = cell(column)
        guard let number = Int(text), let note = MIDINote(number) else {
            _ = problem(column, "\(Echo.quoted(text)) is not a MIDI note number 0...127")
            return nil
        }
        let name = cell(nameColumn)
        // Comparing with our own spelling first avoids the slower general name parser on almost every row.
        if !name.isEmpty && name != note.name && MIDINote(name: name) != note {
            _ = problem(nameColumn, "\(Echo.quoted(name)) does not name MIDI note \(number) (\(note.name))")
        }
        return note
    }

    private mutating func interval() -> Interval? {
        let text = cell(.interval)
        guard let interval = Interval(abbreviation: text) else {
            let known = Interval.allCases.map(\.abbreviation).joined(separator: " ")
            _ = problem(.interval, "\(Echo.quoted(text)) is not an interval abbreviation (\(known))")
            return nil
        }
        return interval
    }

    private mutating func tuningSystem() -> TuningSystem? {
        let text = cell(.tuningSystem)
        guard let system = TuningSystem(rawValue: text) else {
            let known = TuningSystem.allCases.map(\.rawValue).joined(separator: ", ")
            _ = problem(.tuningSystem, "\(Echo.quoted(text)) is not a tuning system (\(known))")
            return nil
        }
        return system
    }

    private mutating func number(_ column: Column) -> Cents? {
        var text = cell(column)
        if text.first?.isWhitespace == true || text.last?.isWhitespace == true {
            text = text.trimmingCharacters(in: .whitespaces) // rare: hand-edited files
        }
        guard let value = Double(text), value.isFinite else {
            _ = problem(column, text.isEmpty ? "is empty but required for this training type"
                                             : "\(Echo.quoted(text)) is not a number (use '.' as decimal point)")
            return nil
        }
        return Cents(value)
    }

    private mutating func boolean(_ column: Column) -> Bool? {
        switch cell(column).lowercased() {
        case "true": return true
        case "false": return false
        case let text:
            _ = problem(column, text.isEmpty ? "is empty but required for this training type"
                                             : "\(Echo.quoted(cell(column))) is not true or false")
            return nil
        }
    }
}
