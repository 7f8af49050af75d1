import PeachConfig
import PeachCore

/// The timing disciplines' shared setting: the tempo both compare timing and fill the gap play.
public enum RhythmSettings {
    public static let tempo = ConfigKey(
        section: "rhythm", name: "tempo", kind: .integer(TempoBPM.trainable, unit: "BPM"),
        defaultValue: .integer(TempoSetting.defaultValue.rawValue))

    public static let settings = [DisciplineSetting(keys: [tempo]) { configuration, settings in
        settings.tempo = TempoBPM(configuration.integer(tempo)) ?? TempoSetting.defaultValue
    }]
}

enum TempoSetting: DisciplineSettingKey {
    static let defaultValue = TempoBPM(80)!
}

extension TrainingSettings {
    /// The timing disciplines' tempo: clicks and the grid are sixteenth notes of it.
    public var tempo: TempoBPM {
        get { disciplines[TempoSetting.self] }
        set { disciplines[TempoSetting.self] = newValue }
    }
}
