import PeachCore

/// The session observer that persists every answered comparison and committed pitch-matching attempt
/// the moment it completes. A failed save throws (the session logs it and keeps training) and sets
/// `saveFailure`; unsaved records are kept in memory and written first on the next save, so a
/// temporarily full disk loses nothing as long as Peach keeps running.
@MainActor
public final class TrainingStore: ComparisonObserver, PitchMatchingObserver {
    private let log: TrainingLog
    /// Recorded with each comparison: the synth or port the notes went to.
    public var outputName: String?
    /// Recorded with each pitch-matching attempt: "keyboard", "cc7", "cc14", "relative", "pitchbend".
    public var controllerMode: String?
    /// Non-nil while some results exist only in memory. Cleared once they are all written.
    public private(set) var saveFailure: SaveFailure?

    private var unsaved: [TrainingRecord] = []
    /// Bounds memory if the disk stays full for a very long session; beyond it the oldest unsaved are dropped.
    public static let maximumUnsaved = 100_000

    public init(log: TrainingLog, outputName: String? = nil, controllerMode: String? = nil) {
        self.log = log
        self.outputName = outputName
        self.controllerMode = controllerMode
    }

    public var directory: DataDirectory { log.directory }

    public func comparisonCompleted(_ completed: CompletedComparison) throws {
        try save(.comparison(ComparisonRecord(completed, outputName: outputName)))
    }

    public func pitchMatchingCompleted(_ completed: CompletedPitchMatching) throws {
        try save(.pitchMatching(PitchMatchingRecord(completed, controllerMode: controllerMode)))
    }

    /// Saves `record` after any earlier unsaved ones, fsynced before returning.
    public func save(_ record: TrainingRecord) throws(StoreError) {
        // A record the format cannot hold would fail on every retry and block all later ones: refuse it alone.
        do { _ = try LogLineEncoder.line(for: record) } catch { throw .unrepresentable(error) }
        unsaved.append(record)
        if unsaved.count > Self.maximumUnsaved { unsaved.removeFirst(unsaved.count - Self.maximumUnsaved) }
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
