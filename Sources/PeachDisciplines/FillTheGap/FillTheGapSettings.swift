import PeachConfig
import PeachCore

/// Fill the gap's setting: which steps of a four-step cycle its silent step is drawn from.
public enum FillTheGapSettings {
    /// The subsets of a cycle's four steps a gap may be drawn from (1-based, as a musician counts them).
    public static let gapPositionChoices = ["all", "1", "2", "3", "4", "2 4", "1 3", "2 3 4"]
    public static let gapPositions = ConfigKey(
        section: "rhythm", name: "gap_positions", kind: .choice(gapPositionChoices), defaultValue: .text("all"))

    public static let settings = [DisciplineSetting(keys: [gapPositions]) { configuration, settings in
        let gaps = configuration.text(gapPositions)
        settings.gapPositions = gaps == "all" ? GapPositionsSetting.defaultValue
            : Set(gaps.split(separator: " ").compactMap { Int($0) }.map { $0 - 1 })
    }]
}

enum GapPositionsSetting: DisciplineSettingKey {
    static let defaultValue: Set<Int> = [0, 1, 2, 3]
}

extension TrainingSettings {
    /// Fill the gap: the steps of a four-step cycle (0...3) its silent step is drawn from.
    public var gapPositions: Set<Int> {
        get { disciplines[GapPositionsSetting.self] }
        set { disciplines[GapPositionsSetting.self] = newValue }
    }
}
