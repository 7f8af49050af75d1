import Foundation
@testable import PeachConfig
@testable import PeachConfigFiles
import PeachCore
import PeachDisciplines
import Testing

@Suite struct MeasurementTrialsConfigTests {
    @Test func theDefaultIsOneTrialInTwo() {
        let configuration = ConfigLoader.parse(text: "[training]\n", file: "peach.conf", schema: Disciplines.schema)
        #expect(Disciplines.trainingSettings(from: configuration).measurementTrialPeriod == 2)
    }

    @Test func theKeyReachesTheTrainingSettings() {
        for (text, period) in [("0", 0), ("6", 6), ("20", 20)] {
            let configuration = ConfigLoader.parse(text: "[training]\nmeasurement_trials = \(text)\n", file: "peach.conf", schema: Disciplines.schema)
            #expect(configuration.diagnostics.isEmpty, "\(configuration.diagnostics)")
            #expect(Disciplines.trainingSettings(from: configuration).measurementTrialPeriod == period)
        }
    }

    @Test func anOutOfRangeValueIsReportedAndFallsBackToTheDefault() {
        let configuration = ConfigLoader.parse(text: "[training]\nmeasurement_trials = 21\n", file: "peach.conf", schema: Disciplines.schema)
        #expect(configuration.diagnostics.count == 1)
        #expect("\(configuration.diagnostics.first!)".contains("measurement_trials"))
        #expect(Disciplines.trainingSettings(from: configuration).measurementTrialPeriod == 2)
    }
}
