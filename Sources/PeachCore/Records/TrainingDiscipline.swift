/// What a statistic is about: one training kind on one interval in one tuning system. Profiles, trends and
/// thresholds are kept per discipline, so a unison comparison profile never sees an interval answer.
public struct TrainingDiscipline: Hashable, Sendable, CustomStringConvertible {
    /// The kind of judgement: discriminate two pitches, or tune one to another.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case comparison
        case pitchMatching
    }

    public var kind: Kind
    public var interval: Interval
    /// Always `.equalTemperament` for a unison: both systems tune it identically, so it is one discipline.
    public var tuningSystem: TuningSystem

    public init(_ kind: Kind, interval: Interval = .perfectUnison, tuningSystem: TuningSystem = .equalTemperament) {
        self.kind = kind
        self.interval = interval
        self.tuningSystem = interval == .perfectUnison ? .equalTemperament : tuningSystem
    }

    public static let unisonComparison = TrainingDiscipline(.comparison)
    public static let unisonPitchMatching = TrainingDiscipline(.pitchMatching)

    public var isUnison: Bool { interval == .perfectUnison }

    public var description: String {
        let kindName = switch kind {
        case .comparison: "comparison"
        case .pitchMatching: "pitch matching"
        }
        guard !isUnison else { return "unison \(kindName)" }
        let system = switch tuningSystem {
        case .equalTemperament: "equal temperament"
        case .justIntonation: "just intonation"
        }
        return "\(interval.abbreviation) \(kindName), \(system)"
    }
}
