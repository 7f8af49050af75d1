import PeachCore
import PeachFormats
import PeachSystem
import PeachText
#if canImport(Glibc)
import Glibc
#endif

/// The record observer that persists every new record of every discipline (a trial, a test's result)
/// the moment it exists. A failed save throws (the session logs it and keeps training) and sets
/// `saveFailure`; unsaved records are kept in memory and written first on the next save, so a
/// temporarily full disk loses nothing as long as Peach keeps running.
@MainActor
public final class TrainingStore: RecordObserver {
    /// Nil when the log could not be opened at launch: training goes on, nothing is written.
    private let log: TrainingLog?
    /// Recorded with each trial that plays notes: the synth or port the notes went to.
    public var outputName: String?
    /// Non-nil while some results exist only in memory. Cleared once they are all written.
    public private(set) var saveFailure: SaveFailure?

    private var unsaved: [TrainingRecord] = []
    /// Bounds memory if the disk stays full for a very long session; beyond it the oldest unsaved are dropped.
    public static let maximumUnsaved = 100_000

    public init(log: TrainingLog, outputName: String? = nil) {
        self.log = log
        self.outputName = outputName
    }

    /// A store for a session whose log could not be opened (read-only file system, permissions):
    /// training still works, `saveFailure` shows why nothing is saved from the first result on.
    public init(unavailable error: StoreError, outputName: String? = nil) {
        self.log = nil
        self.outputName = outputName
        self.saveFailure = SaveFailure(error: error, unsavedRecords: 0)
    }

    /// Opens the log for writing (lock, recovery) and wraps it: the usual way to start a training session.
    public static func open(_ directory: DataDirectory, codecs: RecordCodecs,
                            outputName: String? = nil) throws(StoreError) -> (store: TrainingStore, contents: LogContents) {
        let (log, contents) = try TrainingLog.openForWriting(directory, codecs: codecs)
        return (TrainingStore(log: log, outputName: outputName), contents)
    }

    /// Like `open(_:outputName:)`, but hands each stored record to `each` as it is read
    /// and keeps none (launch: the profile and trend are built without holding the whole history).
    public static func open(_ directory: DataDirectory, codecs: RecordCodecs, outputName: String? = nil,
                            each: (TrainingRecord) -> Void) throws(StoreError) -> (store: TrainingStore, warnings: [LogWarning]) {
        let (log, warnings) = try TrainingLog.openForWriting(directory, codecs: codecs, each: each)
        return (TrainingStore(log: log, outputName: outputName), warnings)
    }

    /// Records kept in memory because saving them failed (written first on the next save).
    public var unsavedRecords: [TrainingRecord] { unsaved }

    /// Imports an iOS Peach CSV into this store's log while the trainer holds its lock (`peach import` is refused
    /// then): the whole file checked first, duplicates of `existing` (the history on disk) and of the unsaved records
    /// skipped, as `CSVImporter` does.
    public func importCSV(_ bytes: [UInt8], existing: [TrainingRecord], partial: Bool = false) throws(CSVImportError) -> ImportSummary {
        guard let log else {
            let error = saveFailure?.error ?? .saveFailed(SystemError("writing to", tr(.descriptorTrainingLog), code: EBADF))
            throw .saveFailed(error, saved: 0, total: 0)
        }
        return try CSVImporter(codecs: log.codecs).importCSV(bytes, into: log, existing: existing + unsaved, partial: partial)
    }

    public func recorded(_ record: TrainingRecord) throws {
        try save(record)
    }

    /// Saves `record` after any earlier unsaved ones, fsynced before returning.
    public func save(_ record: TrainingRecord) throws(StoreError) {
        // A record the format cannot hold would fail on every retry and block all later ones: refuse it alone.
        if let log {
            do { _ = try log.codecs.logLine(for: record) } catch { throw .unrepresentable(error) }
        }
        unsaved.append(record)
        if unsaved.count > Self.maximumUnsaved { unsaved.removeFirst(unsaved.count - Self.maximumUnsaved) }
        guard let log else {
            let error = saveFailure?.error ?? .saveFailed(SystemError("writing to", tr(.descriptorTrainingLog), code: EBADF))
            saveFailure = SaveFailure(error: error, unsavedRecords: unsaved.count)
            throw error
        }
        var written = 0
        do {
            try log.append(contentsOf: unsaved) { written = $0 }
            unsaved.removeAll()
            saveFailure = nil
        } catch {
            // Earlier batches of a long backlog may have made it; never write those twice.
            unsaved.removeFirst(written)
            saveFailure = SaveFailure(error: error, unsavedRecords: unsaved.count)
            throw error
        }
    }
}
