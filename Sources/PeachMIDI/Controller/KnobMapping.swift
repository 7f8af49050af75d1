import PeachCore

/// Absolute control position → tunable-note offset from the target, re-randomised every challenge
/// so the knob's position never gives the answer away.
///
/// The full travel spans `span` cents; the position where the target sounds (`zeroFraction`) is
/// drawn uniformly so that at least ±100 c around the target stay reachable:
/// zeroFraction ∈ [100/span, 1 − 100/span]. With the default 300 c span, the answer lies anywhere in
/// the middle third of the travel. Resolution is span / (positions − 1):
/// 7-bit CC 2.4 c per step (fine-adjust from the keyboard), 14-bit CC 0.018 c.
/// Relative encoders do not use it: each step moves `ControllerDecoder.relativeStep` (default 0.5 c)
/// and there is no position to give anything away. Nor does the pitch wheel: it springs back, so it
/// tunes relative to the pitch its push began at (`PitchWheelGesture`).
public struct KnobMapping: Hashable, Sendable {
    public static let minimumReach = Cents(100)
    public static let defaultSpan = Cents(300)
    /// The furthest from the target the default mapping can put the note: its zero lies at least
    /// `minimumReach` from one end, so the other end is up to `span − minimumReach` away.
    public static var largestDefaultReach: Cents { defaultSpan - minimumReach }

    public let span: Cents
    public private(set) var zeroFraction: Double

    /// `span` is raised to 200 c at least (±100 c with the target in the middle).
    public init(span: Cents = Self.defaultSpan) {
        self.span = max(span, Self.minimumReach * 2)
        self.zeroFraction = 0.5
    }

    /// The range `zeroFraction` is drawn from.
    public var zeroFractionRange: ClosedRange<Double> {
        let margin = Self.minimumReach.value / span.value
        return margin...(1 - margin)
    }

    public mutating func randomise(using random: inout some RandomNumberGenerator) {
        zeroFraction = Double.random(in: zeroFractionRange, using: &random)
    }

    /// The offset for a control at `position` of `maximum` (0 = bottom).
    public func cents(at position: Int, of maximum: Int) -> Cents {
        span * (Double(position) / Double(maximum) - zeroFraction)
    }

    /// Cents per position step for a control with `maximum + 1` positions.
    public func resolution(forMaximum maximum: Int) -> Cents { span * (1 / Double(maximum)) }
}
