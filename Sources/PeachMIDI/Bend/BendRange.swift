import PeachCore

/// The pitch-bend range Peach sets with RPN 0 on every channel it uses. Default ±2 semitones,
/// the GM power-on value, which gives 0.024-cent bend steps.
public struct BendRange: Hashable, Sendable, CustomStringConvertible {
    public static let allowedSemitones = 1...24
    public static let `default` = BendRange(semitones: 2)

    public let semitones: Int
    /// The CC38 part, 0...99. Some synths (FluidSynth) ignore it: see `SynthProfile.honoursBendRangeCents`.
    public let cents: Int

    /// Clamps to 1...24 semitones and 0...99 cents.
    public init(semitones: Int, cents: Int = 0) {
        self.semitones = min(max(semitones, Self.allowedSemitones.lowerBound), Self.allowedSemitones.upperBound)
        self.cents = min(max(cents, 0), 99)
    }

    /// The nominal range as the synth applies it.
    public func nominal(honouringCents: Bool) -> Cents {
        Cents(Double(semitones) * Cents.perSemitone + (honouringCents ? Double(cents) : 0))
    }

    public var description: String { cents == 0 ? "±\(semitones) st" : "±\(semitones) st \(cents) ct" }
}
