import PeachConfig
import PeachConfigFiles
import PeachCore
import PeachDisciplines
import PeachText
import Testing

/// [pitch_matching] start_side: a key pitch matching contributes from its folder, read, checked, listed and
/// described like every core key.
@Suite struct PitchMatchingConfigTests {
    private func parse(_ text: String) -> PeachConfiguration {
        ConfigLoader.parse(text: text, file: "peach.conf", schema: Disciplines.schema)
    }

    @Test func theDefaultIsEitherSide() {
        #expect(Disciplines.trainingSettings(from: parse("")).matchingStartSide == .either)
    }

    @Test(arguments: StartSide.allCases)
    func eachSideReachesTheTrainingSettings(side: StartSide) {
        let configuration = parse("[pitch_matching]\nstart_side = \(side.rawValue)\n")
        #expect(configuration.diagnostics.isEmpty, "\(configuration.diagnostics)")
        #expect(Disciplines.trainingSettings(from: configuration).matchingStartSide == side)
    }

    @Test func aBadValueIsReportedWithItsLineAndFallsBack() throws {
        let configuration = parse("[pitch_matching]\n\nstart_side = sideways\n")
        let problem = try #require(configuration.diagnostics.first)
        #expect(configuration.diagnostics.count == 1)
        #expect(problem.line == 3)
        #expect("\(problem)".contains("either, above, below"))
        #expect(Disciplines.trainingSettings(from: configuration).matchingStartSide == .either)
    }

    @Test func theSchemaListsItInItsOwnSectionAfterTraining() throws {
        let schema = Disciplines.schema
        #expect(schema.key(section: "pitch_matching", name: "start_side") == PitchMatchingSettings.startSide)
        #expect(Array(schema.sections.prefix(4)) == ["training", "pitch_matching", "threshold_test", "rhythm"])
        #expect(schema.settingsScreenKeys.contains(PitchMatchingSettings.startSide))
    }

    @Test func itsWordsComeFromTheCatalogsInBothLanguages() {
        let key = PitchMatchingSettings.startSide
        #expect(key.englishLabel == "Matching start side")
        #expect(key.documentation.hasPrefix("Pitch and interval matching: the side of the target"))
        Localization.rendering(in: .german) {
            #expect(key.label == "Startton-Seite")
            #expect(key.localizedDocumentation.hasPrefix("Ton- und Intervallabgleich"))
        }
    }

    @Test func theSettingsScreenCanStepThroughItsChoices() {
        var configuration = PeachConfiguration.defaults
        let below = configuration.set(PitchMatchingSettings.startSide, to: .text("below"), in: Disciplines.schema)
        #expect(below)
        #expect(Disciplines.trainingSettings(from: configuration).matchingStartSide == .below)
        let sideways = configuration.set(PitchMatchingSettings.startSide, to: .text("sideways"), in: Disciplines.schema)
        #expect(!sideways)
    }
}
