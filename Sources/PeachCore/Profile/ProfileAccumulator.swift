/// Gathers a profile from a streamed history without touching the observable `PerceptualProfile`
/// per record (at launch, 100,000 observation notifications cost more than the statistics), then
/// hands it over in one step with `PerceptualProfile.replace(with:)`. The threshold answers are kept
/// as compact trials and binned once at the end: one posterior update per distinct difference, not per record.
public struct ProfileAccumulator {
    private var data = ProfileData()
    private var trials: [TrainingDiscipline: [ThresholdTrial]] = [:]

    public init() {}

    public mutating func add(_ record: TrainingRecord) {
        data.addStatistics(of: record)
        if case .comparison(let comparison) = record {
            trials[comparison.discipline, default: []].append(ThresholdTrial(comparison))
        }
    }

    /// Everything gathered, thresholds estimated.
    func finished() -> ProfileData {
        var finished = data
        for (discipline, answers) in trials {
            finished.thresholds[discipline] = PooledThresholds(trials: answers)
        }
        return finished
    }
}
