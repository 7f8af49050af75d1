/// Gathers a profile from a streamed history without touching the observable `PerceptualProfile`
/// per record (at launch, 100,000 observation notifications cost more than the statistics), then
/// hands it over in one step with `PerceptualProfile.replace(with:)`.
public struct ProfileAccumulator {
    var data = ProfileData()

    public init() {}

    public mutating func add(_ record: TrainingRecord) {
        data.add(record)
    }
}
