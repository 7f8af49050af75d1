import PeachCore

/// A finished threshold test as a line of history: the session's result, stored as it is. Not a trial (its
/// comparisons are stored as ordinary comparison records), so it has no trend; the profile lists the results.
public typealias ThresholdTestRecord = ThresholdTestResult

extension DisciplineKind {
    public static let thresholdTest = DisciplineKind("thresholdTest", name: "threshold test")
}

extension TrainingDiscipline {
    /// The one key every threshold-test result is listed under.
    public static let thresholdTests = TrainingDiscipline(.thresholdTest)
}

extension ThresholdTestResult: DisciplineRecord {
    public static var kind: DisciplineKind { .thresholdTest }
    public static func makeStatistics() -> any DisciplineStatistics { ThresholdTestHistory() }
    public var discipline: TrainingDiscipline { .thresholdTests }
    public var trendError: Cents? { nil }
}

/// The profile's list of finished threshold tests, oldest first (what "earlier tests" shows).
public struct ThresholdTestHistory: DisciplineStatistics {
    public private(set) var results: [ThresholdTestResult] = []

    public init() {}

    public var count: Int { results.count }

    public mutating func add(_ record: TrainingRecord, settled: Bool) {
        if let result = record.as(ThresholdTestResult.self) { results.append(result) }
    }

    public mutating func settle() {}
}

extension PerceptualProfile {
    /// Every finished threshold test, oldest first.
    public var thresholdTests: [ThresholdTestResult] {
        statistics(of: .thresholdTests, as: ThresholdTestHistory.self)?.results ?? []
    }
}
