/// The persistent "results are not being saved" state the UI shows until every record is on disk again.
public struct SaveFailure: Equatable, Sendable, CustomStringConvertible {
    /// The most recent error: where and why.
    public var error: StoreError
    /// Records kept in memory only, retried before the next record is written.
    public var unsavedRecords: Int

    public var description: String {
        "\(unsavedRecords) training result\(unsavedRecords == 1 ? " is" : "s are") not saved yet "
            + "(kept in memory and retried with the next result; lost if Peach quits). \(error)"
    }
}
