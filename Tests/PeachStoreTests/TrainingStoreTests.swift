import Foundation
import Testing
import PeachCore
import PeachSystem
import PeachStore
import PeachDisciplines
import PeachTestSupport

@MainActor
@Suite struct TrainingStoreTests {
    @Test func observerCallbacksSaveRecordsWithOutputAndControllerMode() throws {
        let temp = TemporaryDirectory()
        let (log, _) = try TrainingLog.openForWriting(temp.dataDirectory, codecs: Disciplines.codecs)
        let store = TrainingStore(log: log, outputName: "FLUID Synth (99)")
        let comparison = CompletedComparison(comparison: Comparison(referenceNote: note(62), centOffset: Cents(-7.5)),
                                             answeredHigher: false, timestamp: date(ms: 5),
                                             presentedCentOffset: Cents(-7.4), velocity: MIDIVelocity(100)!)
        // As the app wires it: the recorder makes the record (with the store's output name), the store saves it.
        let recorder = TrialRecorder(observers: [store], outputName: { store.outputName })
        try recorder.trialCompleted(comparison)
        let matching = CompletedPitchMatching(challenge: PitchMatchingChallenge(referenceNote: note(50), initialCentOffset: Cents(30)),
                                              userCentError: Cents(-2.5), timestamp: date(ms: 6), controllerMode: .cc14)
        try recorder.trialCompleted(matching)
        #expect(store.saveFailure == nil)

        let records = try TrainingLog.read(temp.dataDirectory, codecs: Disciplines.codecs).records
        #expect(records == [.comparison(ComparisonRecord(comparison, outputName: "FLUID Synth (99)")),
                            .pitchMatching(PitchMatchingRecord(matching))])
        guard let stored = records.last?.pitchMatchingRecord else { return }
        #expect(stored.controllerMode == .cc14, "the mode the attempt was tuned with survives the log")
    }

    /// The page's import goes through the trainer's own store (it holds the lock): what the log has is skipped, the
    /// rest appended after it; a store whose log could not be opened imports nothing and says why.
    @Test func anImportThroughTheStoreAppendsWhatTheHistoryLacks() throws {
        let temp = TemporaryDirectory()
        let store = TrainingStore(log: try TrainingLog.openForWriting(temp.dataDirectory, codecs: Disciplines.codecs).log)
        let known = TrainingRecord.comparison(makeComparison(ms: 0, reference: 60, target: 64, intended: 9))
        let new = TrainingRecord.comparison(makeComparison(ms: 1_000, reference: 62, target: 66, intended: 12))
        try store.save(known)
        let csv = Array(CSVExporter(codecs: Disciplines.codecs).csv([known, new]).utf8)
        let summary = try store.importCSV(csv, existing: [known])
        #expect(summary.imported == 1 && summary.duplicates == 1)
        #expect(try TrainingLog.read(temp.dataDirectory, codecs: Disciplines.codecs).records.count == 2)

        let unavailable = TrainingStore(unavailable: .cannotOpen(SystemError("opening", "the log", code: EROFS)))
        #expect {
            _ = try unavailable.importCSV(csv, existing: [])
        } throws: { error in
            guard case .saveFailed(let cause, 0, 0) = error as? CSVImportError else { return false }
            return cause == .cannotOpen(SystemError("opening", "the log", code: EROFS))
        }
    }

    @Test func unrepresentableRecordIsRefusedAloneAndDoesNotBlockLaterOnes() throws {
        let temp = TemporaryDirectory()
        let store = TrainingStore(log: try TrainingLog.openForWriting(temp.dataDirectory, codecs: Disciplines.codecs).log)
        #expect(throws: StoreError.self) { try store.save(.comparison(makeComparison(intended: .infinity))) }
        try store.save(.comparison(makeComparison()))
        #expect(store.saveFailure == nil)
        #expect(try TrainingLog.read(temp.dataDirectory, codecs: Disciplines.codecs).records.count == 1)
    }

    @Test func unavailableStoreKeepsTrainingGoingAndSaysWhy() throws {
        let error = StoreError.cannotOpen(SystemError("opening", "/ro/peach/training.log", code: EROFS))
        let store = TrainingStore(unavailable: error, outputName: "synth")
        #expect(store.saveFailure?.error == error, "the warning shows from launch, before any result")
        let recorder = TrialRecorder(observers: [store])
        #expect(throws: StoreError.self) {
            try recorder.trialCompleted(CompletedComparison(
                comparison: Comparison(referenceNote: note(60), centOffset: Cents(5)), answeredHigher: true, timestamp: date()))
        }
        #expect(store.saveFailure?.unsavedRecords == 1)
        #expect(store.saveFailure?.description.contains("Read-only file system") == true)
        #expect(store.saveFailure?.description.contains("/ro/peach/training.log") == true)
        #expect(store.saveFailure?.description.contains("(errno 30). The file system is read-only: remount it read-write") == true,
                "the failed call, then what to do")
    }

    @Test func openReturnsTheStoreAndTheHistory() throws {
        let temp = TemporaryDirectory()
        do { try TrainingLog.openForWriting(temp.dataDirectory, codecs: Disciplines.codecs).log.append(.comparison(makeComparison())) }
        let (store, contents) = try TrainingStore.open(temp.dataDirectory, codecs: Disciplines.codecs, outputName: "x")
        #expect(contents.records.count == 1)
        try store.save(.pitchMatching(makePitchMatching()))
        #expect(try TrainingLog.read(temp.dataDirectory, codecs: Disciplines.codecs).records.count == 2)
    }

    /// A file-size limit makes writes fail with EFBIG like a full disk would: the writer keeps going,
    /// reports where and why, and the log is rolled back to whole lines.
    @Test func writeFailureIsReportedAndTheLogStaysClean() throws {
        let temp = TemporaryDirectory()
        let writer = try WriterProcess(["append", temp.dataDirectory.path, "0", "40"],
                                       shellPrefix: "ulimit -f 2; trap '' XFSZ;")
        let result = writer.finish()
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n")
        let saved = lines.filter { $0.hasPrefix("saved ") }.compactMap { Int($0.dropFirst(6)) }
        let failures = lines.filter { $0.hasPrefix("unsaved ") }
        #expect(saved.count > 3 && saved == Array(0..<saved.count), "saves up to the limit: \(saved)")
        #expect(failures.count == 40 - saved.count)
        #expect(failures.first?.hasPrefix("unsaved 1: The training result was not saved: writing to \(temp.dataDirectory.logPath) failed: File too large") == true,
                "\(failures.first ?? "")")
        #expect(failures.last?.hasPrefix("unsaved \(40 - saved.count): ") == true, "unsaved records accumulate for retry")

        let contents = try TrainingLog.read(temp.dataDirectory, codecs: Disciplines.codecs)
        #expect(contents.warnings.isEmpty, "a failed append leaves no partial line: \(contents.warnings)")
        #expect(contents.records.count == saved.count)
    }
}
