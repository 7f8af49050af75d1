import Foundation
@testable import PeachConfig
@testable import PeachConfigFiles
import PeachCore
import PeachDisciplines
import Testing

/// The [rhythm] section: the timing disciplines' tempo and fill the gap's gap positions.
@Suite struct RhythmConfigTests {
    @Test func theDefaultsAreEightyBPMAndEveryStep() {
        let settings = Disciplines.trainingSettings(from: ConfigLoader.parse(text: "", file: "peach.conf", schema: Disciplines.schema))
        #expect(settings.tempo == TempoBPM(80) && settings.gapPositions == [0, 1, 2, 3])
    }

    @Test func theKeysReachTheTrainingSettings() {
        let configuration = ConfigLoader.parse(text: "[rhythm]\ntempo = 132\ngap_positions = 2 4\n", file: "peach.conf", schema: Disciplines.schema)
        #expect(configuration.diagnostics.isEmpty, "\(configuration.diagnostics)")
        #expect(Disciplines.trainingSettings(from: configuration).tempo == TempoBPM(132))
        #expect(Disciplines.trainingSettings(from: configuration).gapPositions == [1, 3], "steps 2 and 4, counted from 1")
    }

    @Test func badValuesAreReportedAndFallBack() {
        let configuration = ConfigLoader.parse(text: "[rhythm]\ntempo = 300\ngap_positions = 5\n", file: "peach.conf", schema: Disciplines.schema)
        #expect(configuration.diagnostics.count == 2)
        #expect(configuration.diagnostics.contains { "\($0)".contains("tempo") })
        #expect(Disciplines.trainingSettings(from: configuration).tempo == TempoBPM(80))
        #expect(Disciplines.trainingSettings(from: configuration).gapPositions == [0, 1, 2, 3])
    }
}
