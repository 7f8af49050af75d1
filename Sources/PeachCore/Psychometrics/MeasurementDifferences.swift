/// The pitch differences trials placed by the estimator may take (the threshold test's comparisons and
/// comparison training's measurement trials): wide enough for an untrained ear, never below what a synth
/// can be asked to play apart. Shared, so both place on one range and keyboard reach counts it once.
public enum MeasurementDifferences {
    public static let bounds = Cents(0.1)...Cents(100)
}
