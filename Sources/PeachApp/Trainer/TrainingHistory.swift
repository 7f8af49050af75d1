import Foundation
import PeachCore

/// How many records were loaded at launch and made since (a record observer, after the store and the profile).
/// The trends no longer read records here: they come from the profile's fitted estimates over time
/// (`PerceptualProfile.trend(of:)`), so this only counts.
@MainActor
public final class TrainingHistory: RecordObserver {
    /// How many records were added, of every discipline.
    public private(set) var count = 0

    public init<Records: Sequence>(records: Records = [TrainingRecord]()) where Records.Element == TrainingRecord {
        for record in records { add(record) }
    }

    public func add(_ record: TrainingRecord) {
        count += 1
    }

    public func recorded(_ record: TrainingRecord) throws {
        add(record)
    }
}
