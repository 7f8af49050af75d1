extension TrainingSettings {
    /// The Kazez clamp bounds; tolerates a minimum configured above the maximum.
    public var centDifferenceBounds: ClosedRange<Cents> {
        let low = min(minimumCentDifference, maximumCentDifference)
        let high = max(minimumCentDifference, maximumCentDifference)
        return low...high
    }
}
