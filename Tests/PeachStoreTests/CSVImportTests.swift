import Foundation
import Testing
import PeachCore
@testable import PeachStore
import PeachDisciplines
import PeachTestSupport
import PeachFormats

/// A Peach whose registry has only the pitch disciplines (so iOS rhythm rows are of types it does not read).
private let pitchOnly = RecordCodecs([(ComparisonDiscipline().logCodec, ComparisonDiscipline().csvRows),
                                      (PitchMatchingDiscipline().logCodec, PitchMatchingDiscipline().csvRows)])

private let header = PeachCSVFormat.metadataLine + "\n" + PeachCSVFormat.columns.joined(separator: ",") + "\n"
private let issueExample = """
    # peach-export-format:3
    trainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,interval,tuningSystem,centOffset,isCorrect,initialCentOffset,userCentError,tempoBPM,offsetMs,meanOffsetMs,meanOffsetMsPosition0,meanOffsetMsPosition1,meanOffsetMsPosition2,meanOffsetMsPosition3
    pitchDiscrimination,2026-03-03T14:30:00Z,60,C4,64,E4,M3,equalTemperament,15.5,true,,,,,,,,,
    pitchMatching,2026-03-03T14:30:00Z,60,C4,67,G4,P5,equalTemperament,,,25.0,3.2,,,,,,,

    """

/// A format-3 row with `changes` applied to the pitchDiscrimination example row.
private func row(_ changes: [PeachCSVFormat.Column: String] = [:]) -> String {
    var cells = ["pitchDiscrimination", "2026-03-03T14:30:00Z", "60", "C4", "64", "E4", "M3", "equalTemperament", "15.5", "true"]
        + Array(repeating: "", count: 9)
    for (column, value) in changes { cells[column.rawValue] = value }
    return cells.joined(separator: ",") + "\n"
}

private func parseProblems(_ text: String) throws -> [CSVRowError] { try CSVImporter(codecs: Disciplines.codecs).parse(text).invalid }

@Suite struct CSVImportTests {
    @Test func theIssueExampleRowsImportExactly() throws {
        let parsed = try CSVImporter(codecs: Disciplines.codecs).parse(issueExample)
        #expect(parsed.invalid.isEmpty && parsed.skipped.isEmpty)
        #expect(parsed.records == [
            .comparison(ComparisonRecord(timestamp: date(), referenceNote: note(60), targetNote: note(64),
                                         intendedCentOffset: Cents(15.5), presentedCentOffset: Cents(15.5),
                                         answeredHigher: true, isCorrect: true, interval: .majorThird,
                                         tuningSystem: .equalTemperament)),
            .pitchMatching(PitchMatchingRecord(timestamp: date(), referenceNote: note(60), targetNote: note(67),
                                               initialCentOffset: Cents(25), userCentError: Cents(3.2),
                                               interval: .perfectFifth, tuningSystem: .equalTemperament)),
        ])
    }

    @Test func crlfBomAndFractionalSecondsAreAccepted() throws {
        let text = "\u{FEFF}" + (header + row([.timestamp: "2026-03-03T14:30:00.250Z"]) + row([.timestamp: "2026-03-03T15:30:00+01:00"]))
            .replacingOccurrences(of: "\n", with: "\r\n")
        let parsed = try CSVImporter(codecs: Disciplines.codecs).parse(text)
        #expect(parsed.invalid.isEmpty)
        #expect(parsed.records.map(\.timestamp) == [date(ms: 250), date()])
    }

    @Test func answerIsDerivedFromOffsetSignAndCorrectness() throws {
        let parsed = try CSVImporter(codecs: Disciplines.codecs).parse(header + row([.centOffset: "-3", .isCorrect: "true"]) + row([.centOffset: "3", .isCorrect: "false"]))
        let answers = parsed.records.compactMap { $0.comparisonRecord?.answeredHigher }
        #expect(answers == [false, false])
    }

    @Test func quotedCellsWithCommasAndNewlinesAreRead() throws {
        // Quoting is legal on any cell; an unknown type with a comma and a newline is reported intact
        // (the newline shown as a visible symbol, so the message stays on one line).
        let text = header + row([.trainingType: "\"pitch,\nMatching\""]) + row([.referenceNoteName: "\"C4\""])
        let parsed = try CSVImporter(codecs: Disciplines.codecs).parse(text)
        #expect(parsed.records.count == 1)
        #expect(parsed.invalid.count == 1)
        #expect(parsed.invalid[0].row == 3 && parsed.invalid[0].column == "trainingType")
        #expect(parsed.invalid[0].reason.contains("'pitch,␊Matching'"))
    }

    @Test func rowsOfIOSTypesNoRegisteredDisciplineReadsAreCountedAndSkipped() throws {
        let rhythm = "rhythmOffsetDetection,2026-03-03T14:30:00Z,,,,,,,,true,,,120,-12.5,,,,,\n"
            + "continuousRhythmMatching,2026-03-03T14:31:00Z,,,,,,,,,,,90,,3.1,1,2,,4\n"
        let parsed = try CSVImporter(codecs: pitchOnly).parse(header + rhythm + rhythm + row())
        #expect(parsed.skipped == ["rhythmOffsetDetection": 2, "continuousRhythmMatching": 2])
        #expect(parsed.records.count == 1 && parsed.invalid.isEmpty)
    }

    @Test func rhythmRowsOfRegisteredTimingDisciplinesAreImported() throws {
        let rhythm = "rhythmOffsetDetection,2026-03-03T14:30:00Z,,,,,,,,true,,,120,-12.5,,,,,\n"
        let parsed = try CSVImporter(codecs: Disciplines.codecs).parse(header + rhythm + row())
        #expect(parsed.invalid.isEmpty && parsed.records.count == 2)
        #expect(parsed.records.first?.kind == .compareTiming)
    }

    // MARK: - File-level errors

    @Test func missingFormatLine() {
        #expect(throws: CSVImportError.missingFormatLine(firstLine: "trainingType,timestamp")) {
            try CSVImporter(codecs: Disciplines.codecs).parse("trainingType,timestamp\n")
        }
        #expect(throws: CSVImportError.emptyFile) { try CSVImporter(codecs: Disciplines.codecs).parse("\u{FEFF}") }
    }

    @Test func wrongVersion() {
        #expect(throws: CSVImportError.unsupportedVersion("2")) { try CSVImporter(codecs: Disciplines.codecs).parse("# peach-export-format:2\nx\n") }
        #expect(CSVImportError.unsupportedVersion("2").description.contains("version 2"))
    }

    @Test func wrongHeaderColumnCountIsExplained() throws {
        let twelve = Array(PeachCSVFormat.columns.prefix(12))
        let text = PeachCSVFormat.metadataLine + "\n" + twelve.joined(separator: ",") + "\n"
        #expect(throws: CSVImportError.wrongHeader(found: twelve)) { try CSVImporter(codecs: Disciplines.codecs).parse(text) }
        let message = CSVImportError.wrongHeader(found: twelve).description
        #expect(message.contains("has 12") && message.contains("missing: tempoBPM"))
    }

    @Test func brokenQuotingIsAFileError() {
        #expect(throws: CSVImportError.syntax(.unterminatedQuote(line: 3))) {
            try CSVImporter(codecs: Disciplines.codecs).parse(header + "\"pitchDiscrimination,2026\n")
        }
    }

    // MARK: - Row-level errors

    @Test func wrongCellCountNamesTheRow() throws {
        let problems = try parseProblems(header + row() + "pitchDiscrimination,2026-03-03T14:30:00Z,60\n")
        #expect(problems == [CSVRowError(row: 4, column: nil, reason: "has 3 cells, expected 19")])
    }

    @Test func badNumbersDatesNotesAndNamesAreAllReported() throws {
        let problems = try parseProblems(header + row([.centOffset: "abc", .timestamp: "03/03/2026",
                                                         .referenceNote: "128", .targetNoteName: "F4",
                                                         .interval: "M9", .tuningSystem: "werckmeister",
                                                         .isCorrect: "yes"]))
        #expect(Set(problems.map(\.column)) == ["centOffset", "timestamp", "referenceNote", "targetNoteName",
                                                "interval", "tuningSystem", "isCorrect"])
        #expect(problems.allSatisfy { $0.row == 3 })
        #expect(problems.first { $0.column == "timestamp" }?.reason.contains("'03/03/2026'") == true)
    }

    @Test func missingRequiredValueForTheTypeIsReported() throws {
        let problems = try parseProblems(header + row([.trainingType: "pitchMatching"]))
        #expect(problems.map(\.column) == ["initialCentOffset", "userCentError"])
        #expect(problems[0].reason.contains("empty"))
    }

    @Test func unknownTrainingType() throws {
        let problems = try parseProblems(header + row([.trainingType: "intervalSinging"]))
        #expect(problems.count == 1 && problems[0].column == "trainingType")
        #expect(problems[0].reason.contains("unknown training type 'intervalSinging'"))
    }

    @Test func errorMessageListsRowColumnAndReason() {
        let error = CSVImportError.invalidRows([CSVRowError(row: 7, column: "timestamp", reason: "'x' is not a date")])
        #expect(error.description.contains("row 7, column timestamp: 'x' is not a date"))
        #expect(error.description.contains("--partial"))
    }
}

@Suite struct CSVMergeTests {
    @Test func invalidRowsWriteNothingUnlessPartial() throws {
        let temp = TemporaryDirectory()
        let (log, _) = try TrainingLog.openForWriting(temp.dataDirectory, codecs: Disciplines.codecs)
        let text = header + row() + row([.timestamp: "never"]) + row([.timestamp: "2026-03-03T14:31:00Z"])
        #expect(throws: CSVImportError.self) { try CSVImporter(codecs: Disciplines.codecs).importCSV(text, into: log, existing: []) }
        #expect(try TrainingLog.read(temp.dataDirectory, codecs: Disciplines.codecs).records.isEmpty)

        let summary = try CSVImporter(codecs: Disciplines.codecs).importCSV(text, into: log, existing: [], partial: true)
        #expect(summary.imported == 2 && summary.invalidRowCount == 1 && summary.invalid[0].row == 4)
        #expect(try TrainingLog.read(temp.dataDirectory, codecs: Disciplines.codecs).records.count == 2)
        #expect(summary.description.contains("Imported 2 records"))
        #expect(summary.description.contains("row 4, column timestamp"))
    }

    @Test func duplicatesOfHistoryAndWithinTheFileAreSkipped() throws {
        let temp = TemporaryDirectory()
        let (log, _) = try TrainingLog.openForWriting(temp.dataDirectory, codecs: Disciplines.codecs)
        let existing = TrainingRecord.comparison(makeComparison(ms: 0, reference: 60, target: 64, intended: 9))
        try log.append(existing)
        let rhythm = "rhythmOffsetDetection,2026-03-03T14:30:00Z,,,,,,,,true,,,120,-12.5,,,,,\n"
        let text = header + row() + row() + row([.targetNote: "65", .targetNoteName: "F4"])
            + row([.trainingType: "pitchMatching", .initialCentOffset: "5", .userCentError: "1"]) + rhythm
        var progress: [ImportProgress] = []
        let summary = try CSVImporter(codecs: pitchOnly).importCSV(text, into: log, existing: [existing]) { progress.append($0) }
        #expect(summary == ImportSummary(imported: 2, duplicates: 2, skipped: ["rhythmOffsetDetection": 1], invalid: []))
        #expect(try TrainingLog.read(temp.dataDirectory, codecs: Disciplines.codecs).records.count == 3)
        #expect(progress.last == ImportProgress(phase: .saving, done: 2, total: 2))
        #expect(progress.contains(ImportProgress(phase: .checking, done: 5, total: 5)))
    }

    @Test func exportThenImportIsLosslessForSharedFields() throws {
        let records = variedRecords()
        let csv = CSVExporter(codecs: Disciplines.codecs).csv(records)
        let parsed = try CSVImporter(codecs: Disciplines.codecs).parse(csv)
        #expect(parsed.invalid.isEmpty)
        // Sorted by time on export; the log-only fields (presented offset, reference pitch, velocity,
        // output, controller mode) are not in the iOS format and come back as their defaults.
        let expected = records.sorted { $0.timestamp < $1.timestamp }.map { record -> TrainingRecord in
            if var c = record.comparisonRecord {
                c.presentedCentOffset = c.intendedCentOffset
                c.referencePitch = .standard
                c.velocity = nil
                c.outputName = nil
                return .comparison(c)
            }
            if var p = record.pitchMatchingRecord {
                p.referencePitch = .standard
                p.controllerMode = nil
                return .pitchMatching(p)
            }
            return record
        }
        #expect(parsed.records == expected)

        // And importing it into the history it came from adds nothing.
        let temp = TemporaryDirectory()
        let (log, _) = try TrainingLog.openForWriting(temp.dataDirectory, codecs: Disciplines.codecs)
        try log.append(contentsOf: records)
        let summary = try CSVImporter(codecs: Disciplines.codecs).importCSV(csv, into: log, existing: records)
        #expect(summary.imported == 0 && summary.duplicates == records.count)
    }

    @Test func exportHasTheFormatLineHeaderAndIOSShapedRows() {
        let csv = CSVExporter(codecs: Disciplines.codecs).csv([.pitchMatching(makePitchMatching(reference: 60, target: 67, initial: 25, error: 3.2,
                                                                   interval: .perfectFifth)),
                                   .comparison(makeComparison(ms: -1, reference: 60, target: 64, intended: 15.5,
                                                              presented: 15.4, interval: .majorThird))])
        let lines = csv.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "# peach-export-format:3")
        #expect(lines[1] == Substring(PeachCSVFormat.columns.joined(separator: ",")))
        #expect(lines[2] == "pitchDiscrimination,2026-03-03T14:29:59.999Z,60,C4,64,E4,M3,equalTemperament,15.5,true,,,,,,,,,")
        #expect(lines[3] == "pitchMatching,2026-03-03T14:30:00Z,60,C4,67,G4,P5,equalTemperament,,,25.0,3.2,,,,,,,")
        #expect(lines.count == 5 && lines[4].isEmpty)
    }

    @Test func largeExportAndImportReportProgress() throws {
        let records = (0..<2500).map { TrainingRecord.comparison(makeComparison(ms: Int64($0) * 1000)) }
        var exportProgress: [Int] = []
        var text = ""
        CSVExporter(codecs: Disciplines.codecs).export(records, progress: { done, _ in exportProgress.append(done) }) { text += $0 }
        #expect(exportProgress == [1000, 2000, 2500])
        var checking: [Int] = []
        let parsed = try CSVImporter(codecs: Disciplines.codecs).parse(text) { if $0.phase == .checking { checking.append($0.done) } }
        #expect(parsed.records.count == 2500)
        #expect(checking == [1000, 2000, 2500])
    }
}
