/// Gathers a profile from a streamed history without touching the observable `PerceptualProfile`
/// per record (at launch, 100,000 observation notifications cost more than the statistics), then
/// hands it over in one step with `PerceptualProfile.replace(with:)`. Each discipline's statistics may
/// defer expensive work (the threshold posterior bins its answers once at the end).
public struct ProfileAccumulator: Sendable {
    private var data = ProfileData()

    public init() {}

    public mutating func add(_ record: TrainingRecord) {
        data.add(record, settled: false)
    }

    /// Everything gathered, settled.
    func finished() -> ProfileData {
        var finished = data
        finished.settle()
        return finished
    }
}
