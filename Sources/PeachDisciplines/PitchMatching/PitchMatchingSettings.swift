import PeachConfig
import PeachCore

/// Pitch matching's own settings (interval matching follows them too): how far from the target the tunable note
/// starts (among the core's [training] keys, where it always stood), and on which side. String players tune up to
/// a pitch from below; a singer may want to practise coming down to it.
public enum PitchMatchingSettings {
    public static let allowedMaxInitialOffset: ClosedRange<Double> = 1...100

    public static let maxInitialOffset = ConfigKey(
        section: "training", name: "max_initial_offset", kind: .decimal(allowedMaxInitialOffset, unit: "cents"),
        defaultValue: .decimal(MaxInitialOffsetSetting.defaultValue.value))
    public static let startSide = ConfigKey(
        section: "pitch_matching", name: "start_side", kind: .choice(StartSide.allCases.map(\.rawValue)),
        defaultValue: .text(StartSideSetting.defaultValue.rawValue))

    public static let settings = [
        DisciplineSetting(keys: [maxInitialOffset], placement: .before(ConfigSchema.intervals),
                          reach: { TrialReach(tunableStart: $0.maxInitialCentOffset) }) { configuration, settings in
            settings.maxInitialCentOffset = Cents(configuration.decimal(maxInitialOffset))
        },
        DisciplineSetting(keys: [startSide]) { configuration, settings in
            settings.matchingStartSide = StartSide(rawValue: configuration.text(startSide)) ?? StartSideSetting.defaultValue
        },
    ]
}

/// Where the tunable note starts, within ± `[training] max_initial_offset` of the target.
public enum StartSide: String, CaseIterable, Hashable, Sendable {
    /// Above or below, at random.
    case either
    /// Sharp: the user tunes down to the target.
    case above
    /// Flat: the user tunes up to the target.
    case below

    /// `drawn` (uniform within ± the largest offset) moved to this side, so every side draws the same offsets.
    func placing(_ drawn: Cents) -> Cents {
        switch self {
        case .either: drawn
        case .above: drawn.magnitude
        case .below: -drawn.magnitude
        }
    }
}

enum MaxInitialOffsetSetting: DisciplineSettingKey {
    static let defaultValue = Cents(100)
}

enum StartSideSetting: DisciplineSettingKey {
    static let defaultValue = StartSide.either
}

extension TrainingSettings {
    /// Pitch and interval matching: the largest starting offset of the tunable note (± cents).
    public var maxInitialCentOffset: Cents {
        get { disciplines[MaxInitialOffsetSetting.self] }
        set { disciplines[MaxInitialOffsetSetting.self] = newValue }
    }

    /// Pitch and interval matching: the side of the target the tunable note starts on.
    public var matchingStartSide: StartSide {
        get { disciplines[StartSideSetting.self] }
        set { disciplines[StartSideSetting.self] = newValue }
    }
}
