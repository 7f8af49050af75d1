import Foundation
import PeachConfig
import PeachConfigFiles
import PeachCore
import PeachDisciplines
import PeachPresentation
import Testing

/// A boolean setting added to unison comparison, end to end, through nothing but what its folder would declare:
/// the three declarations below are the whole of the code (`Comparison/ComparisonSettings.swift` would gain them
/// and list the `DisciplineSetting` in its `settings`); the rest is the catalogs' label and documentation (here the
/// catalog id stands in for them, and `ConfigKeyTranslationTests` asks for both) and the generated files
/// (config/peach.conf, the man page), which `Disciplines.schema` drives. The schema here is the registry's with the
/// new setting added as the folder would add it.
@MainActor @Suite struct AddingADisciplineSettingTests {
    nonisolated enum ExampleFlagSetting: DisciplineSettingKey {
        static let defaultValue = false
    }

    nonisolated static let exampleFlag = ConfigKey(section: "comparison", name: "example_flag", kind: .boolean, defaultValue: .boolean(false))
    nonisolated static let setting = DisciplineSetting(keys: [exampleFlag]) { configuration, settings in
        settings.exampleFlag = configuration.boolean(exampleFlag)
    }

    static let settings = Disciplines.settings + [setting]
    static let schema = ConfigSchema(contributed: settings.map(\.group))

    static func trainingSettings(_ configuration: PeachConfiguration) -> TrainingSettings {
        var trainingSettings = configuration.coreTrainingSettings
        for setting in settings { setting.apply(configuration, &trainingSettings) }
        return trainingSettings
    }

    @Test func theKeyHasItsOwnSectionInTheFileAndTheSettingsScreen() {
        let sections = Self.schema.sections
        #expect(sections.first == "training")
        #expect(sections.firstIndex(of: "comparison").map { $0 < sections.firstIndex(of: "midi")! } == true,
                "a discipline's own section stands with the disciplines' after [training], before the core's others")
        #expect(Self.schema.keys.count == Disciplines.schema.keys.count + 1)
        #expect(Self.schema.settingsScreenKeys.contains(Self.exampleFlag))
        let row = SettingsScreenModel(configuration: .defaults, keys: Self.schema.settingsScreenKeys).rows
            .first { $0.label.contains("exampleFlag") }
        #expect(row?.isDefault == true)
    }

    @Test func aValueInTheFileReachesTheSessionsSettings() {
        #expect(!Self.trainingSettings(.defaults).exampleFlag)
        let configuration = ConfigLoader.parse(text: "[comparison]\nexample_flag = true\n", file: "peach.conf", schema: Self.schema)
        #expect(configuration.diagnostics.isEmpty)
        #expect(Self.trainingSettings(configuration).exampleFlag)
        #expect(Self.trainingSettings(configuration).with { $0.exampleFlag = false } == Self.trainingSettings(.defaults))
    }

    @Test func aBadValueGetsTheSameDiagnosticAsACoreKey() {
        let configuration = ConfigLoader.parse(text: "[comparison]\nexample_flag = maybe\n", file: "peach.conf", schema: Self.schema)
        let diagnostic = configuration.errors.first
        #expect(diagnostic?.line == 2)
        #expect(diagnostic?.key == "[comparison] example_flag")
        #expect(diagnostic?.allowed == ConfigValueKind.boolean.allowedDescription)
        #expect(!Self.trainingSettings(configuration).exampleFlag, "the default is used instead")
    }

    @Test func theSettingsScreensEditIsCheckedAndWrittenToTheFile() {
        var configuration = PeachConfiguration.defaults
        let accepted = configuration.set(Self.exampleFlag, to: .boolean(true), in: Self.schema)
        let refused = !configuration.set(Self.exampleFlag, to: .text("perhaps"), in: Self.schema)
        #expect(accepted && refused)
        #expect(Self.trainingSettings(configuration).exampleFlag)
        let written = ConfigWriter.updating("[training]\nvelocity = 90\n", with: [ConfigWriter.Change(Self.exampleFlag, .boolean(true))])
        let reread = ConfigLoader.parse(text: written, file: "peach.conf", schema: Self.schema)
        #expect(reread.diagnostics.isEmpty)
        #expect(Self.trainingSettings(reread).exampleFlag)
        #expect(Self.trainingSettings(reread).velocity == MIDIVelocity(90))
    }
}

extension TrainingSettings {
    /// Unison comparison's example flag (the test's stand-in for a real one).
    var exampleFlag: Bool {
        get { disciplines[AddingADisciplineSettingTests.ExampleFlagSetting.self] }
        set { disciplines[AddingADisciplineSettingTests.ExampleFlagSetting.self] = newValue }
    }
}
