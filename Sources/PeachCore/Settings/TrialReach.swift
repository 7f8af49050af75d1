/// How far from the note a trial is drawn on its notes may sound, as the settings a discipline owns make it: what
/// calibration must measure (`ReachableKeys`). Each discipline's folder declares its own; the largest counts.
public struct TrialReach: Hashable, Sendable {
    /// The furthest a second note lies from the first before anyone touches a control (a comparison's largest
    /// difference, a measurement trial's).
    public var departure: Cents
    /// The furthest a tunable note starts from its target; the tuning controls move it on from there.
    public var tunableStart: Cents

    public init(departure: Cents = .zero, tunableStart: Cents = .zero) {
        self.departure = departure.magnitude
        self.tunableStart = tunableStart.magnitude
    }

    public static let none = TrialReach()

    /// The larger of each.
    public func union(_ other: TrialReach) -> TrialReach {
        TrialReach(departure: max(departure, other.departure), tunableStart: max(tunableStart, other.tunableStart))
    }
}
