import Foundation
import Testing
import PeachCore
@testable import PeachStore
import PeachDisciplines
import PeachTestSupport

/// Every comparison and pitch-matching line says what its pitch rests on (measured, builtIn, assumed) in one
/// more field at its end; lines written before that field existed read as unknown and are written back unchanged;
/// iOS Peach's CSV has no such column, so imported records say nothing and the export does not change.
@Suite struct PitchBasisLogTests {
    static func comparison(ms: Int64, _ basis: PitchBasis?, output: String? = "FLUID Synth (1234)") -> TrainingRecord {
        var record = makeComparison(ms: ms, intended: 12.5, presented: 12.4, output: output)
        record.pitchBasis = basis
        return .comparison(record)
    }

    static func matching(ms: Int64, _ basis: PitchBasis?, mode: ControllerMode? = .cc14) -> TrainingRecord {
        var record = makePitchMatching(ms: ms, mode: mode)
        record.pitchBasis = basis
        return .pitchMatching(record)
    }

    static func written(_ records: [TrainingRecord]) throws -> [String] {
        let temp = TemporaryDirectory()
        let (log, _) = try TrainingLog.openForWriting(temp.dataDirectory, codecs: Disciplines.codecs)
        for record in records { try log.append(record) }
        return readText(temp.dataDirectory.logPath).split(separator: "\n").map(String.init)
    }

    @Test func everyBasisRoundTripsThroughTheLog() throws {
        let temp = TemporaryDirectory()
        var records: [TrainingRecord] = []
        for (index, basis) in PitchBasis.allCases.enumerated() {
            records += [Self.comparison(ms: Int64(index * 2), basis), Self.matching(ms: Int64(index * 2 + 1), basis)]
        }
        // Free text and empty optional fields before the new one must not shift it.
        records += [Self.comparison(ms: 10, .assumed, output: "Tab\there"), Self.comparison(ms: 11, .measured, output: nil),
                    Self.matching(ms: 12, .builtIn, mode: nil)]
        do {
            let (log, _) = try TrainingLog.openForWriting(temp.dataDirectory, codecs: Disciplines.codecs)
            for record in records { try log.append(record) }
        }
        let reread = try TrainingLog.read(temp.dataDirectory, codecs: Disciplines.codecs)
        #expect(reread.warnings.isEmpty)
        #expect(reread.records == records)
        #expect(reread.records.compactMap { $0.comparisonRecord?.pitchBasis ?? $0.pitchMatchingRecord?.pitchBasis }.count
                == records.count, "no basis lost on the way")
    }

    @Test func theLinesHaveTheDocumentedLayoutAndTheHeaderNamesTheField() throws {
        let lines = try Self.written([Self.comparison(ms: 123, .measured), Self.matching(ms: 4_004, .assumed),
                                      Self.comparison(ms: 5_000, .builtIn, output: nil)])
        #expect(lines.contains("# comparison\ttimestamp\treferenceNote\ttargetNote\tintendedCents\tpresentedCents\thigher|lower\tcorrect|wrong\tinterval\ttuningSystem\treferencePitchHz\tvelocity\toutput\tmeasured|builtIn|assumed"))
        #expect(lines.contains("# pitchMatching\ttimestamp\treferenceNote\ttargetNote\tinitialCents\tuserErrorCents\tinterval\ttuningSystem\treferencePitchHz\tcontrollerMode\tmeasured|builtIn|assumed"))
        #expect(lines.suffix(3) == [
            "comparison\t2026-03-03T14:30:00.123Z\t60\t60\t12.5\t12.4\thigher\tcorrect\tP1\tequalTemperament\t440.0\t90\tFLUID Synth (1234)\tmeasured",
            "pitchMatching\t2026-03-03T14:30:04.004Z\t60\t60\t25.0\t3.2\tP1\tequalTemperament\t440.0\tcc14\tassumed",
            "comparison\t2026-03-03T14:30:05.000Z\t60\t60\t12.5\t12.4\thigher\tcorrect\tP1\tequalTemperament\t440.0\t90\t\tbuiltIn",
        ])
    }

    /// Lines from before the field: 13 and 10 fields (an empty output and controller mode among them). They read
    /// with the basis unknown, and written back they are byte for byte what they were: nothing invented, nothing lost.
    @Test func linesFromBeforeTheBasisReadAsUnknownAndWriteBackUnchanged() throws {
        let oldLines = [
            "comparison\t2026-03-03T14:30:00.123Z\t60\t60\t12.5\t12.4\thigher\tcorrect\tP1\tequalTemperament\t440.0\t90\tFLUID Synth (1234)",
            "comparison\t2026-03-03T14:30:01.000Z\t62\t55\t-3.25\t-3.25\thigher\twrong\tP5\tjustIntonation\t442.0\t\t",
            "pitchMatching\t2026-03-03T14:31:02.004Z\t60\t60\t-25.0\t3.2\tP1\tequalTemperament\t440.0\tcc14",
            "pitchMatching\t2026-03-03T14:31:03.000Z\t60\t64\t18.0\t-1.75\tM3\tequalTemperament\t440.0\t",
        ]
        let oldHeader = """
            # peach-log-format:1
            # comparison\ttimestamp\treferenceNote\ttargetNote\tintendedCents\tpresentedCents\thigher|lower\tcorrect|wrong\tinterval\ttuningSystem\treferencePitchHz\tvelocity\toutput
            # pitchMatching\ttimestamp\treferenceNote\ttargetNote\tinitialCents\tuserErrorCents\tinterval\ttuningSystem\treferencePitchHz\tcontrollerMode

            """
        let temp = TemporaryDirectory()
        writeText(oldHeader + oldLines.joined(separator: "\n") + "\n", to: temp.dataDirectory.logPath)
        let contents = try TrainingLog.read(temp.dataDirectory, codecs: Disciplines.codecs)
        #expect(contents.warnings.isEmpty)
        #expect(contents.records.count == 4)
        #expect(contents.records.allSatisfy { ($0.comparisonRecord?.pitchBasis ?? $0.pitchMatchingRecord?.pitchBasis) == nil })
        #expect(contents.records.first?.comparisonRecord?.presentedCentOffset == Cents(12.4))
        #expect(try Self.written(contents.records).suffix(4) == oldLines)
    }

    @Test func aBasisThatIsNoneOfTheWordsIsReportedAndTheLineSkipped() throws {
        let temp = TemporaryDirectory()
        let comparison = "comparison\t2026-03-03T14:30:00.123Z\t60\t60\t12.5\t12.4\thigher\tcorrect\tP1\tequalTemperament\t440.0\t90\tsynth\t"
        let matching = "pitchMatching\t2026-03-03T14:31:02.004Z\t60\t60\t-25.0\t3.2\tP1\tequalTemperament\t440.0\tcc14\t"
        let text = LogFormat.fileHeader(Disciplines.codecs)
            + comparison + "calibrated\n" + comparison + "\n" + matching + "Measured\n" + matching + "assumed\textra\n"
            + matching + "assumed\n"
        writeText(text, to: temp.dataDirectory.logPath)
        let contents = try TrainingLog.read(temp.dataDirectory, codecs: Disciplines.codecs)
        #expect(contents.records.count == 1)
        #expect(contents.records.first?.pitchMatchingRecord?.pitchBasis == .assumed)
        #expect(contents.warnings.count == 4)
        #expect(contents.warnings.first?.description.contains("'measured', 'builtIn' or 'assumed', not 'calibrated'") == true)
    }

    /// iOS Peach's CSV (format 3) has no column for the basis: the export is the same whatever the records say,
    /// and imported rows say nothing (unknown), never a basis they were not played on.
    @Test func theCSVExportIgnoresTheBasisAndImportedRecordsHaveNone() throws {
        let exporter = CSVExporter(codecs: Disciplines.codecs)
        let stated = [Self.comparison(ms: 1, .measured), Self.matching(ms: 2, .assumed)]
        let unstated = [Self.comparison(ms: 1, nil), Self.matching(ms: 2, nil)]
        let csv = exporter.csv(stated)
        #expect(csv == exporter.csv(unstated))
        #expect(!csv.contains("measured") && !csv.contains("assumed"))
        let imported = try CSVImporter(codecs: Disciplines.codecs).parse(csv).records
        #expect(imported.count == 2)
        #expect(imported.allSatisfy { ($0.comparisonRecord?.pitchBasis ?? $0.pitchMatchingRecord?.pitchBasis) == nil })
    }
}
