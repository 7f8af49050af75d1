import PeachCore
import PeachFormats
import PeachText

/// Imports an iOS Peach CSV (format 3) into the training log: checks the whole file first, then
/// appends only records not already in the history. Nothing is written when any row is invalid,
/// unless `partial` is set.
public struct CSVImporter {
    private let codecs: RecordCodecs

    public init(codecs: RecordCodecs) { self.codecs = codecs }

    /// Checks a file without writing anything. File-level problems throw; row problems are collected.
    public func parse(_ bytes: [UInt8], progress: ((ImportProgress) -> Void)? = nil) throws(CSVImportError) -> ParsedCSV {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) } // UTF-8 BOM (spreadsheet exports)
        guard !body.isEmpty else { throw .emptyFile }

        // Line 1: the format line. Read by hand, it is not a CSV record.
        let firstLineEnd = body.firstIndex(of: 0x0A) ?? body.endIndex
        var firstLine = String(decoding: body[body.startIndex..<firstLineEnd], as: UTF8.self)
        if firstLine.hasSuffix("\r") { firstLine.removeLast() }
        guard firstLine.hasPrefix(PeachCSVFormat.metadataPrefix) else {
            throw .missingFormatLine(firstLine: String(firstLine.prefix(80)))
        }
        let version = firstLine.dropFirst(PeachCSVFormat.metadataPrefix.count).trimmingCharacters(in: .whitespaces)
        guard version == String(PeachCSVFormat.version) else { throw .unsupportedVersion(version) }

        let rest = firstLineEnd < body.endIndex ? body[(firstLineEnd + 1)...] : []
        let rows: [CSVRow]
        do {
            rows = try rest.withUnsafeBufferPointer { buffer throws(CSVSyntaxError) in
                try CSVReader.rows(buffer, firstLineNumber: 2)
            }
        } catch {
            throw .syntax(error)
        }
        guard let header = rows.first, header.fields == PeachCSVFormat.columns else {
            throw .wrongHeader(found: rows.first?.fields ?? [])
        }

        var parsed = ParsedCSV()
        let dataRows = rows.dropFirst()
        for (index, row) in dataRows.enumerated() where !row.isBlank {
            switch decode(row) {
            case .record(let record): parsed.records.append(record)
            case .skipped(let type): parsed.skipped[type, default: 0] += 1
            case .invalid(let problems): parsed.invalid += problems
            }
            if (index + 1) % 1000 == 0 { progress?(ImportProgress(phase: .checking, done: index + 1, total: dataRows.count)) }
        }
        progress?(ImportProgress(phase: .checking, done: dataRows.count, total: dataRows.count))
        return parsed
    }

    public func parse(_ text: String, progress: ((ImportProgress) -> Void)? = nil) throws(CSVImportError) -> ParsedCSV {
        try parse(Array(text.utf8), progress: progress)
    }

    /// Parses, merges with `existing` (the history the writer loaded) and appends the new records to `log`.
    public func importCSV(_ bytes: [UInt8], into log: TrainingLog, existing: [TrainingRecord],
                                 partial: Bool = false,
                                 progress: ((ImportProgress) -> Void)? = nil) throws(CSVImportError) -> ImportSummary {
        let parsed = try parse(bytes, progress: progress)
        if !parsed.invalid.isEmpty && !partial { throw .invalidRows(parsed.invalid) }

        var known = Set(existing.compactMap(duplicateKey))
        var fresh: [TrainingRecord] = []
        var duplicates = 0
        for record in parsed.records {
            if let key = duplicateKey(record), !known.insert(key).inserted { duplicates += 1 } else { fresh.append(record) }
        }

        var saved = 0
        do {
            try log.append(contentsOf: fresh) { done in
                saved = done
                progress?(ImportProgress(phase: .saving, done: done, total: fresh.count))
            }
        } catch {
            throw .saveFailed(error, saved: saved, total: fresh.count)
        }
        return ImportSummary(imported: fresh.count, duplicates: duplicates, skipped: parsed.skipped, invalid: parsed.invalid)
    }

    public func importCSV(_ text: String, into log: TrainingLog, existing: [TrainingRecord], partial: Bool = false,
                                 progress: ((ImportProgress) -> Void)? = nil) throws(CSVImportError) -> ImportSummary {
        try importCSV(Array(text.utf8), into: log, existing: existing, partial: partial, progress: progress)
    }

    /// A row's outcome: a record of the discipline that reads its training type, a skip for an iOS type no
    /// registered discipline trains, or every problem of the row.
    func decode(_ row: CSVRow) -> RowOutcome {
        let expected = PeachCSVFormat.columns.count
        guard row.fields.count == expected else {
            return .invalid([CSVRowError(row: row.lineNumber, column: nil,
                                         reason: tr(.importCellCount, count: row.fields.count, ["expected": "\(expected)"]))])
        }
        let typeName = row.fields[PeachCSVFormat.Column.trainingType.rawValue]
        guard let codec = codecs.csvCodec(forTrainingType: typeName) else {
            if PeachCSVFormat.iOSTrainingTypes.contains(typeName) { return .skipped(trainingType: typeName) }
            let skipped = PeachCSVFormat.iOSTrainingTypes.filter { !codecs.csvTrainingTypes.contains($0) }
            let known = (codecs.csvTrainingTypes + skipped.sorted()).joined(separator: ", ")
            return .invalid([CSVRowError(row: row.lineNumber, column: PeachCSVFormat.Column.trainingType.name,
                                         reason: tr(.importUnknownType, ["type": Echo.quoted(typeName), "known": known]))])
        }
        var reader = CSVRowReader(row: row)
        let record = codec.decode(&reader)
        if let record, reader.problems.isEmpty { return .record(record) }
        return .invalid(reader.problems)
    }

    private func duplicateKey(_ record: TrainingRecord) -> RecordKey? {
        guard case .rows(let codec) = codecs.csvRows(for: record.kind) else { return nil }
        return codec.duplicateKey(record)
    }

    enum RowOutcome {
        case record(TrainingRecord)
        case skipped(trainingType: String)
        case invalid([CSVRowError])
    }
}
