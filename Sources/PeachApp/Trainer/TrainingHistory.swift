import PeachCore

/// The records of this and earlier sessions, in memory, for the trend. Loaded at launch from the
/// store and extended as trials complete (it observes both sessions).
@MainActor
public final class TrainingHistory: ComparisonObserver, PitchMatchingObserver {
    public private(set) var records: [TrainingRecord]
    private let outputName: () -> String?
    private let controllerMode: () -> String?
    private let rule = TrainingTrendRule()

    public init(records: [TrainingRecord] = [], outputName: @escaping () -> String? = { nil },
                controllerMode: @escaping () -> String? = { nil }) {
        self.records = records
        self.outputName = outputName
        self.controllerMode = controllerMode
    }

    public func comparisonCompleted(_ completed: CompletedComparison) throws {
        records.append(.comparison(ComparisonRecord(completed, outputName: outputName())))
    }

    public func pitchMatchingCompleted(_ completed: CompletedPitchMatching) throws {
        records.append(.pitchMatching(PitchMatchingRecord(completed, controllerMode: controllerMode())))
    }

    public var comparisonTrend: TrainingTrend? { rule.comparisonTrend(of: records) }
    public var pitchMatchingTrend: TrainingTrend? { rule.pitchMatchingTrend(of: records) }
}
