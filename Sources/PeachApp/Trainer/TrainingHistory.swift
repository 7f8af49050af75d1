import Foundation
import PeachCore

/// The records of this and earlier sessions, for the trends. Loaded at launch from the store and
/// extended as records are made (a record observer, after the store and the profile).
///
/// Keeps only what the trend rule looks at: per discipline, the newest 2 × window records in time order
/// (ties in the order added, as the rule's stable sort). A long history thus costs no memory here,
/// and the trends come out exactly as `TrainingTrendRule` computes them over the whole history.
@MainActor
public final class TrainingHistory: RecordObserver {
    /// How many records were added, of every discipline.
    public private(set) var count = 0
    private let rule = TrainingTrendRule()
    private var newest: [TrainingDiscipline: NewestRecords] = [:]

    public init<Records: Sequence>(records: Records = [TrainingRecord]()) where Records.Element == TrainingRecord {
        for record in records { add(record) }
    }

    /// Adds a record. Only trials (records with a trend error) are kept for the trends.
    public func add(_ record: TrainingRecord) {
        if record.trendError != nil {
            newest[record.discipline, default: NewestRecords(limit: 2 * rule.windowSize)].add(record, sequence: count)
        }
        count += 1
    }

    public func recorded(_ record: TrainingRecord) throws {
        add(record)
    }

    /// The records the trends are computed from, oldest first: give these to `TrainingTrendRule`
    /// (or `ProfileReport`) instead of the whole history, with the same result.
    public var recentRecords: [TrainingRecord] {
        newest.values.flatMap(\.entries)
            .sorted { ($0.timestamp, $0.sequence) < ($1.timestamp, $1.sequence) }.map(\.record)
    }

    public func trend(of discipline: TrainingDiscipline) -> TrainingTrend? {
        rule.trend(of: newest[discipline]?.entries.map(\.record) ?? [], in: discipline)
    }
}

/// The `limit` greatest records by (timestamp, sequence), ascending. Holds up to 2 × `limit` and
/// trims in one go, so adding in time order costs no shifting of the kept records.
private struct NewestRecords {
    struct Entry {
        var timestamp: Date
        var sequence: Int
        var record: TrainingRecord
    }

    let limit: Int
    /// Ascending; the last `limit` (or all, if fewer) are the newest.
    private var kept: [Entry] = []

    init(limit: Int) {
        self.limit = limit
        kept.reserveCapacity(2 * limit)
    }

    var entries: ArraySlice<Entry> { kept.suffix(limit) }

    /// `sequence` grows with every call, so a new record goes after every older one of equal timestamp.
    mutating func add(_ record: TrainingRecord, sequence: Int) {
        let timestamp = record.timestamp
        var position = kept.count // usually the newest: appended
        while position > 0 && kept[position - 1].timestamp > timestamp { position -= 1 }
        guard kept.count - position < limit else { return } // `limit` newer ones are kept already
        let entry = Entry(timestamp: timestamp, sequence: sequence, record: record)
        if position == kept.count { kept.append(entry) } else { kept.insert(entry, at: position) }
        if kept.count == 2 * limit { kept.removeFirst(limit) }
    }
}
