import Foundation

/// One line of training history, defined by the discipline it belongs to (its folder owns the type,
/// its codecs and its statistics). The core only needs what every record has: when, which discipline,
/// which statistics it feeds, and the error the trend follows.
public protocol DisciplineRecord: Hashable, Sendable {
    /// The unit of `trendError` and of the discipline's statistics.
    associatedtype Unit: TrainingUnit

    /// Every record of this type is of this kind (the log tag's discipline).
    static var kind: DisciplineKind { get }
    /// A fresh, empty statistics value for one discipline of this kind (the profile keeps one per discipline).
    static func makeStatistics() -> any DisciplineStatistics

    var timestamp: Date { get }
    /// The statistics key: kind, and for pitch disciplines interval and tuning system.
    var discipline: TrainingDiscipline { get }
    /// The magnitude the trend compares (smaller is better); nil for records that are not trials.
    var trendError: Unit? { get }
}

extension DisciplineRecord {
    /// Whether `other` is this very record (equality across the type-erased `TrainingRecord`).
    func isEqual(to other: any DisciplineRecord) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
