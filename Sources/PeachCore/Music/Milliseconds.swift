/// A time distance in milliseconds. Signed: positive is late.
public struct Milliseconds: TrainingUnit, Codable, CustomStringConvertible {
    public var value: Double

    public init(_ value: Double) { self.value = value }

    public static let zero = Milliseconds(0)
    public static var symbol: String { "ms" }

    public var magnitude: Milliseconds { Milliseconds(abs(value)) }
    public var duration: Duration { .microseconds(Int64((value * 1000).rounded())) }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }
    public static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.value + rhs.value) }
    public static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.value - rhs.value) }
    public static prefix func - (value: Self) -> Self { Self(-value.value) }

    public var description: String { (value > 0 ? "+" : "") + String(format: "%.1f", value) + " ms" }
}
