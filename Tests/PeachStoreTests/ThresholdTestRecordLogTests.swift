import Foundation
import Testing
import PeachCore
@testable import PeachStore
import PeachDisciplines
import PeachTestSupport

func makeThresholdTest(ms: Int64 = 0, low: Int = 36, high: Int = 84, trials: Int = 60, median: Double = 6.3,
                       lower: Double = 4.9, upper: Double = 8.1, conclusive: Bool = true,
                       conduct: ThresholdTestConduct? = nil) -> ThresholdTestRecord {
    ThresholdTestRecord(timestamp: date(ms: ms), noteRange: note(low)...note(high), trials: trials,
                        median: Cents(median), lower: Cents(lower), upper: Cents(upper), isConclusive: conclusive,
                        conduct: conduct)
}

let reachedWarm = ThresholdTestConduct(precision: 2.5, reachedPrecision: true, startedFromTrainedSlope: true)
let cappedCold = ThresholdTestConduct(precision: 1.75, reachedPrecision: false, startedFromTrainedSlope: false)

@Suite struct ThresholdTestRecordLogTests {
    @Test func resultsRoundTripThroughTheLogAmongTrials() throws {
        let temp = TemporaryDirectory()
        let records: [TrainingRecord] = [
            .comparison(makeComparison(ms: 1)),
            .thresholdTest(makeThresholdTest(ms: 2)),
            .pitchMatching(makePitchMatching(ms: 3)),
            .thresholdTest(makeThresholdTest(ms: 4, low: 21, high: 21, trials: 7, median: 0.123456789012345678,
                                             lower: 0.1, upper: 97.25, conclusive: false)),
            .thresholdTest(makeThresholdTest(ms: 5, trials: 87, conduct: reachedWarm)),
            .thresholdTest(makeThresholdTest(ms: 6, trials: 150, conclusive: false, conduct: cappedCold)),
        ]
        do {
            let (log, _) = try TrainingLog.openForWriting(temp.dataDirectory, codecs: Disciplines.codecs)
            for record in records { try log.append(record) }
        }
        let reread = try TrainingLog.read(temp.dataDirectory, codecs: Disciplines.codecs)
        #expect(reread.records == records)
        #expect(reread.warnings.isEmpty)
    }

    @Test func resultLineHasTheDocumentedLayoutAndTheHeaderListsIt() throws {
        let temp = TemporaryDirectory()
        let (log, _) = try TrainingLog.openForWriting(temp.dataDirectory, codecs: Disciplines.codecs)
        try log.append(.thresholdTest(makeThresholdTest(ms: 500, trials: 87, conduct: reachedWarm)))
        try log.append(.thresholdTest(makeThresholdTest(ms: 600, trials: 150, conduct: cappedCold)))
        let lines = readText(temp.dataDirectory.logPath).split(separator: "\n").map(String.init)
        #expect(lines.contains("# thresholdTest\ttimestamp\tlowestNote\thighestNote\ttrials\tmedianCents\tlowerCents\tupperCents\tconclusive|inconclusive\tprecision\treached|notReached\ttrainedSlope|cold"))
        #expect(lines.suffix(2) == [
            "thresholdTest\t2026-03-03T14:30:00.500Z\t36\t84\t87\t6.3\t4.9\t8.1\tconclusive\t2.5\treached\ttrainedSlope",
            "thresholdTest\t2026-03-03T14:30:00.600Z\t36\t84\t150\t6.3\t4.9\t8.1\tconclusive\t1.75\tnotReached\tcold",
        ])
    }

    /// Results recorded before the test stopped at a precision have 9 fields: they read with the conduct unknown,
    /// and an unknown conduct is written back in that short layout (nothing invented, nothing lost).
    @Test func aResultLineFromBeforeThePrecisionStillReadsAndWritesBackUnchanged() throws {
        let temp = TemporaryDirectory()
        let oldLine = "thresholdTest\t2026-03-03T14:30:00.500Z\t36\t84\t60\t6.3\t4.9\t8.1\tconclusive"
        let oldHeader = "# thresholdTest\ttimestamp\tlowestNote\thighestNote\ttrials\tmedianCents\tlowerCents\tupperCents\tconclusive|inconclusive"
        writeText("# peach-log-format:1\n\(oldHeader)\n\(oldLine)\n", to: temp.dataDirectory.logPath)
        let contents = try TrainingLog.read(temp.dataDirectory, codecs: Disciplines.codecs)
        #expect(contents.warnings.isEmpty)
        #expect(contents.records == [.thresholdTest(makeThresholdTest(ms: 500))])
        #expect(contents.records.first?.thresholdTestRecord?.conduct == nil)
        let rewritten = TemporaryDirectory()
        let (log, _) = try TrainingLog.openForWriting(rewritten.dataDirectory, codecs: Disciplines.codecs)
        try log.append(contents.records[0])
        #expect(readText(rewritten.dataDirectory.logPath).split(separator: "\n").last.map(String.init) == oldLine)
    }

    @Test func aNewResultLineWithABadConductIsReportedAndSkipped() throws {
        let temp = TemporaryDirectory()
        let prefix = "thresholdTest\t2026-03-03T14:30:00.500Z\t36\t84\t87\t6.3\t4.9\t8.1\tconclusive\t"
        let text = LogFormat.fileHeader(Disciplines.codecs)
            + prefix + "2.5\tperhaps\tcold\n"
            + prefix + "0.9\treached\tcold\n"
            + prefix + "2.5\treached\n"
            + prefix + "2.5\treached\tcold\n"
        writeText(text, to: temp.dataDirectory.logPath)
        let contents = try TrainingLog.read(temp.dataDirectory, codecs: Disciplines.codecs)
        let conduct = ThresholdTestConduct(precision: 2.5, reachedPrecision: true, startedFromTrainedSlope: false)
        #expect(contents.records == [.thresholdTest(makeThresholdTest(ms: 500, trials: 87, conduct: conduct))])
        #expect(contents.warnings.count == 3)
        #expect(contents.warnings.first?.description.contains("'reached' or 'notReached'") == true)
    }

    @Test func aLogWrittenBeforeResultsExistedStillReads() throws {
        let temp = TemporaryDirectory()
        let old = """
            # peach-log-format:1
            # comparison\ttimestamp\treferenceNote\ttargetNote\tintendedCents\tpresentedCents\thigher|lower\tcorrect|wrong\tinterval\ttuningSystem\treferencePitchHz\tvelocity\toutput
            # pitchMatching\ttimestamp\treferenceNote\ttargetNote\tinitialCents\tuserErrorCents\tinterval\ttuningSystem\treferencePitchHz\tcontrollerMode
            comparison\t2026-03-03T14:30:00.123Z\t60\t60\t12.5\t12.4\thigher\tcorrect\tP1\tequalTemperament\t440.0\t90\tFLUID Synth (1234)
            pitchMatching\t2026-03-03T14:31:02.004Z\t60\t60\t-25.0\t3.2\tP1\tequalTemperament\t440.0\tcc14

            """
        writeText(old, to: temp.dataDirectory.logPath)
        let contents = try TrainingLog.openForWriting(temp.dataDirectory, codecs: Disciplines.codecs).contents
        #expect(contents.warnings.isEmpty)
        #expect(contents.records.count == 2)
        guard let comparison = contents.records.first?.comparisonRecord,
              let matching = contents.records.last?.pitchMatchingRecord else {
            Issue.record("unexpected records \(contents.records)"); return
        }
        #expect(comparison.presentedCentOffset == Cents(12.4))
        #expect(matching.userCentError == Cents(3.2))
    }

    @Test func aDamagedResultLineIsReportedAndSkipped() throws {
        let temp = TemporaryDirectory()
        let text = LogFormat.fileHeader(Disciplines.codecs)
            + "thresholdTest\t2026-03-03T14:30:00.500Z\t36\t84\t60\t6.3\t4.9\t8.1\tmaybe\n"
            + "thresholdTest\t2026-03-03T14:30:00.600Z\t84\t36\t60\t6.3\t4.9\t8.1\tconclusive\n"
            + "thresholdTest\t2026-03-03T14:30:00.700Z\t36\t84\t60\t6.3\t4.9\t8.1\tconclusive\n"
        writeText(text, to: temp.dataDirectory.logPath)
        let contents = try TrainingLog.read(temp.dataDirectory, codecs: Disciplines.codecs)
        #expect(contents.records == [.thresholdTest(makeThresholdTest(ms: 700))])
        #expect(contents.warnings.count == 2)
        #expect(contents.warnings.first?.description.contains("'conclusive' or 'inconclusive'") == true)
    }

    @Test @MainActor func theStoreSavesAFinishedTest() throws {
        let temp = TemporaryDirectory()
        let (log, _) = try TrainingLog.openForWriting(temp.dataDirectory, codecs: Disciplines.codecs)
        let recorder = TrialRecorder(observers: [TrainingStore(log: log)])
        try recorder.outcomeFinished(makeThresholdTest(ms: 9))
        #expect(try TrainingLog.read(temp.dataDirectory, codecs: Disciplines.codecs).records == [.thresholdTest(makeThresholdTest(ms: 9))])
    }

    @Test func csvExportLeavesResultsOutAndCountsThem() {
        let trials = variedRecords()
        let withResults = trials + [.thresholdTest(makeThresholdTest(ms: 1)), .thresholdTest(makeThresholdTest(ms: 2))]
        #expect(CSVExporter(codecs: Disciplines.codecs).csv(withResults) == CSVExporter(codecs: Disciplines.codecs).csv(trials))
        let exporter = CSVExporter(codecs: Disciplines.codecs)
        #expect(exporter.leftOut(withResults).map(\.records) == [.exportThresholdTestResults])
        #expect(exporter.leftOut(withResults).map(\.count) == [2])
        #expect(exporter.leftOut(trials).isEmpty)
    }
}
