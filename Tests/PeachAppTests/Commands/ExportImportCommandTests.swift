import Foundation
@testable import PeachApp
import PeachCore
import PeachDisciplines
import PeachStore
import PeachTestSupport
@testable import PeachTrainer
import Testing

/// What a user sees from `peach export` and `peach import`, against a temporary data directory.
@Suite struct ExportImportCommandTests {
    final class Captured: @unchecked Sendable {
        // @unchecked: only written by the command under test, on the test's thread.
        var out = "", err = ""
        var console: Console { Console(out: { self.out += $0 }, err: { self.err += $0 }) }
    }

    func temporaryDirectory() throws -> DataDirectory {
        let path = NSTemporaryDirectory() + "peach-cmd-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return DataDirectory(path: path)
    }

    let example = """
    # peach-export-format:3
    trainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,interval,tuningSystem,centOffset,isCorrect,initialCentOffset,userCentError,tempoBPM,offsetMs,meanOffsetMs,meanOffsetMsPosition0,meanOffsetMsPosition1,meanOffsetMsPosition2,meanOffsetMsPosition3
    pitchDiscrimination,2026-03-03T14:30:00Z,60,C4,64,E4,M3,equalTemperament,15.5,true,,,,,,,,,
    pitchMatching,2026-03-03T14:30:00Z,60,C4,67,G4,P5,equalTemperament,,,25.0,3.2,,,,,,,

    """

    @Test func importThenExportToAFileAndAgainSkipsDuplicates() throws {
        let directory = try temporaryDirectory()
        let csv = directory.path + "/in.csv"
        try example.write(toFile: csv, atomically: true, encoding: .utf8)
        let first = Captured()
        #expect(ImportCommand.run(directory: directory, path: csv, partial: false, console: first.console) == 0)
        #expect(first.out.contains("2"))
        #expect(try TrainingLog.read(directory, codecs: Disciplines.codecs).records.count == 2)

        let again = Captured()
        #expect(ImportCommand.run(directory: directory, path: csv, partial: false, console: again.console) == 0)
        #expect(try TrainingLog.read(directory, codecs: Disciplines.codecs).records.count == 2, "duplicates are skipped")

        let exported = directory.path + "/out.csv"
        let export = Captured()
        #expect(ExportCommand.run(directory: directory, path: exported, console: export.console) == 0)
        let text = try String(contentsOfFile: exported, encoding: .utf8)
        #expect(text.hasPrefix("# peach-export-format:3\n"))
        #expect(text.contains("pitchMatching,2026-03-03T14:30:00"))
        #expect(!FileManager.default.fileExists(atPath: exported + ".partial"))
    }

    @Test func anInvalidRowImportsNothingAndSaysHowToProceed() throws {
        let directory = try temporaryDirectory()
        let csv = directory.path + "/bad.csv"
        try example.replacingOccurrences(of: "15.5", with: "fifteen").write(toFile: csv, atomically: true, encoding: .utf8)
        let captured = Captured()
        #expect(ImportCommand.run(directory: directory, path: csv, partial: false, console: captured.console) == 1)
        #expect(captured.err.contains("--partial"))
        #expect(try TrainingLog.read(directory, codecs: Disciplines.codecs).records.isEmpty)
        let partial = Captured()
        #expect(ImportCommand.run(directory: directory, path: csv, partial: true, console: partial.console) == 0)
        #expect(try TrainingLog.read(directory, codecs: Disciplines.codecs).records.count == 1)
    }

    @Test func aMissingFileIsAClearError() throws {
        let captured = Captured()
        #expect(ImportCommand.run(directory: try temporaryDirectory(), path: "/nonexistent/x.csv", partial: false,
                                  console: captured.console) == 1)
        #expect(captured.err.contains("/nonexistent/x.csv"))
    }

    @Test func exportToStandardOutputWorksOnAnEmptyHistory() throws {
        let captured = Captured()
        #expect(ExportCommand.run(directory: try temporaryDirectory(), path: nil, console: captured.console) == 0)
        #expect(captured.out.split(separator: "\n").count == 2, "format line and header only")
    }

    @Test func exportLeavesThresholdTestResultsOutAndSaysSo() throws {
        let directory = try temporaryDirectory()
        let result = ThresholdTestRecord(timestamp: Date(timeIntervalSince1970: 1_800_000_000), noteRange: MIDINote(48)!...MIDINote(72)!,
                                         trials: 60, median: Cents(6.3), lower: Cents(4.9), upper: Cents(8.1), isConclusive: true)
        let trial = ComparisonRecord(timestamp: Date(timeIntervalSince1970: 1_799_999_990), referenceNote: MIDINote(60)!,
                                     targetNote: MIDINote(60)!, intendedCentOffset: Cents(5), presentedCentOffset: Cents(5),
                                     answeredHigher: true, isCorrect: true)
        do {
            let (log, _) = try TrainingLog.openForWriting(directory, codecs: Disciplines.codecs)
            try log.append(.comparison(trial))
            try log.append(.thresholdTest(result))
        }
        let captured = Captured()
        #expect(ExportCommand.run(directory: directory, path: nil, console: captured.console) == 0)
        #expect(captured.out.split(separator: "\n").count == 3, "format line, header and the one trial")
        #expect(captured.err.contains("exported 1 record (left out 1 threshold-test result"))
        #expect(captured.err.contains("their trials are exported"))
    }
}
