import Foundation

/// One line of training history of any discipline. Type-erased: the store, profile and trend handle
/// every registered discipline alike, and a discipline reaches its own record with `as(_:)`.
public struct TrainingRecord: Hashable, Sendable {
    public let base: any DisciplineRecord

    public init(_ record: some DisciplineRecord) { base = record }

    public var timestamp: Date { base.timestamp }
    public var discipline: TrainingDiscipline { base.discipline }
    public var kind: DisciplineKind { type(of: base).kind }
    /// The trend's error in the discipline's unit, as a number; nil for records that are not trials.
    public var trendError: Double? { base.trendError?.value }

    /// The record as its discipline's own type; nil when it is another discipline's.
    public func `as`<Record: DisciplineRecord>(_ type: Record.Type) -> Record? { base as? Record }

    public static func == (lhs: TrainingRecord, rhs: TrainingRecord) -> Bool { lhs.base.isEqual(to: rhs.base) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: base)))
        hasher.combine(base)
    }
}
