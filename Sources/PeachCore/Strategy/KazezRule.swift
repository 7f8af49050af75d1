/// The Kazez staircase: harder after a correct answer, easier (by a larger step) after a wrong one,
/// with steps proportional to √P so it moves fast when far from the threshold and finely near it.
public enum KazezRule {
    /// Where a user without history starts.
    public static let initialDifference = Cents(100)

    /// N = P·(1 − 0.05·√P) after a correct answer, N = P·(1 + 0.09·√P) after a wrong one, clamped to `bounds`.
    public static func next(after previous: Cents, wasCorrect: Bool, within bounds: ClosedRange<Cents>) -> Cents {
        Cents(next(after: previous.value, wasCorrect: wasCorrect, within: bounds.lowerBound.value...bounds.upperBound.value))
    }

    /// The same rule on a plain magnitude (a timing offset as a percentage of a sixteenth note).
    public static func next(after previous: Double, wasCorrect: Bool, within bounds: ClosedRange<Double>) -> Double {
        let p = abs(previous)
        let factor = wasCorrect ? 1 - 0.05 * p.squareRoot() : 1 + 0.09 * p.squareRoot()
        return min(max(p * factor, bounds.lowerBound), bounds.upperBound)
    }

    public static func clamp(_ cents: Cents, to bounds: ClosedRange<Cents>) -> Cents {
        min(max(cents, bounds.lowerBound), bounds.upperBound)
    }
}
