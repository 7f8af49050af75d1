import Foundation
@testable import PeachConfig
@testable import PeachConfigFiles
import PeachCore
import PeachDisciplines
import Testing

/// The [threshold_test] section: the precision the test runs to and its trial cap.
@Suite struct ThresholdTestConfigTests {
    @Test func theDefaultsArePrecisionTwoAndAHalfAndACapOf150() {
        let settings = Disciplines.trainingSettings(from: ConfigLoader.parse(text: "", file: "peach.conf", schema: Disciplines.schema))
        #expect(settings.thresholdTestStopRule == ThresholdTestStopRule(precision: 2.5, maximumTrials: 150))
    }

    @Test func theKeysReachTheTrainingSettings() {
        let configuration = ConfigLoader.parse(text: "[threshold_test]\nprecision = 3\nmax_trials = 200\n", file: "peach.conf", schema: Disciplines.schema)
        #expect(configuration.diagnostics.isEmpty, "\(configuration.diagnostics)")
        #expect(Disciplines.trainingSettings(from: configuration).thresholdTestStopRule == ThresholdTestStopRule(precision: 3, maximumTrials: 200))
    }

    @Test func aPrecisionThatCannotBeReachedIsRejectedWithWhatToSetInstead() {
        let configuration = ConfigLoader.parse(text: "[threshold_test]\nprecision = 1\nmax_trials = 5\n", file: "peach.conf", schema: Disciplines.schema)
        #expect(configuration.diagnostics.map(\.description) == [
            "peach.conf:2: error: [threshold_test] precision = 1: allowed: 1.5...10 (upper / lower of the 95 % "
                + "interval; smaller = more precise and longer, e.g. 2.5); using the default 2.5",
            "peach.conf:3: error: [threshold_test] max_trials = 5: allowed: 20...500 trials; using the default 150",
        ])
        #expect(Disciplines.trainingSettings(from: configuration).thresholdTestStopRule == .standard)
    }
}
