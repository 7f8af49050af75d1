import PeachCore

/// What makes two records the same for import: discipline kind, timestamp (to the millisecond, the log's
/// precision) and what the discipline names (for pitch: the two notes). Answers and offsets are deliberately
/// not compared, so a row exported from Peach and imported again is recognised even if a value was rounded.
public struct RecordKey: Hashable, Sendable {
    let kind: DisciplineKind
    let timestamp: UTCMilliseconds
    let identity: [Int]

    /// `identity`: the discipline's own distinguishing values (e.g. reference and target note numbers).
    public init(kind: DisciplineKind, timestamp: UTCMilliseconds, identity: [Int]) {
        self.kind = kind
        self.timestamp = timestamp
        self.identity = identity
    }
}
