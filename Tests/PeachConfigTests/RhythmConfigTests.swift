import Foundation
import Testing
import PeachCore
@testable import PeachConfig

/// The [rhythm] section: the timing disciplines' tempo and fill the gap's gap positions.
@Suite struct RhythmConfigTests {
    @Test func theDefaultsAreEightyBPMAndEveryStep() {
        let settings = ConfigLoader.parse(text: "", file: "peach.conf").trainingSettings
        #expect(settings.tempo == TempoBPM(80) && settings.gapPositions == [0, 1, 2, 3])
    }

    @Test func theKeysReachTheTrainingSettings() {
        let configuration = ConfigLoader.parse(text: "[rhythm]\ntempo = 132\ngap_positions = 2 4\n", file: "peach.conf")
        #expect(configuration.diagnostics.isEmpty, "\(configuration.diagnostics)")
        #expect(configuration.trainingSettings.tempo == TempoBPM(132))
        #expect(configuration.trainingSettings.gapPositions == [1, 3], "steps 2 and 4, counted from 1")
    }

    @Test func badValuesAreReportedAndFallBack() {
        let configuration = ConfigLoader.parse(text: "[rhythm]\ntempo = 300\ngap_positions = 5\n", file: "peach.conf")
        #expect(configuration.diagnostics.count == 2)
        #expect(configuration.diagnostics.contains { "\($0)".contains("tempo") })
        #expect(configuration.trainingSettings.tempo == TempoBPM(80))
        #expect(configuration.trainingSettings.gapPositions == [0, 1, 2, 3])
    }
}
