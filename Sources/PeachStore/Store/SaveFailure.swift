import PeachText

/// The persistent "results are not being saved" state the UI shows until every record is on disk again.
public struct SaveFailure: Equatable, Sendable, CustomStringConvertible {
    /// The most recent error: where and why.
    public var error: StoreError
    /// Records kept in memory only, retried before the next record is written.
    public var unsavedRecords: Int

    public var description: String {
        tr(.storeUnsaved, count: unsavedRecords, ["error": "\(error)"])
    }
}
