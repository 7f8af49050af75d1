/// The unit a discipline measures its errors and thresholds in: cents for pitch, milliseconds for timing.
/// Trends and statistics are generic over it, so a timing discipline reports in milliseconds what a pitch
/// discipline reports in cents, with the same rules.
public protocol TrainingUnit: Hashable, Comparable, Sendable {
    var value: Double { get }
    init(_ value: Double)
    /// How a figure in this unit is written after its number: "ct", "ms".
    static var symbol: String { get }
}

extension Cents: TrainingUnit {
    public static var symbol: String { "ct" }
}
