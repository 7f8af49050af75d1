import Foundation
@testable import PeachConfig
@testable import PeachConfigFiles
import PeachCore
import PeachDisciplines
import Testing

@Suite struct IntervalConfigTests {
    @Test func intervalKeysReachTheTrainingSettings() {
        let configuration = ConfigLoader.parse(text: """
            [training]
            intervals = P5 up P4 TT down
            tuning_system = just
            interval_presentation = harmonic
            """, file: "peach.conf", schema: Disciplines.schema)
        #expect(configuration.diagnostics.isEmpty, "\(configuration.diagnostics)")
        let settings = Disciplines.trainingSettings(from: configuration)
        #expect(settings.intervals.intervals == [DirectedInterval(.perfectFourth, .down), DirectedInterval(.tritone, .down),
                                                 DirectedInterval(.perfectFifth, .up)])
        #expect(settings.tuningSystem == .justIntonation)
        #expect(settings.intervalPresentation == .harmonic)
    }

    @Test func aBadIntervalListIsReportedWithWhatIsAllowedAndFallsBackToTheDefault() {
        let configuration = ConfigLoader.parse(text: "[training]\nintervals = P5 sideways\n", file: "peach.conf", schema: Disciplines.schema)
        #expect(configuration.diagnostics.count == 1)
        let diagnostic = "\(configuration.diagnostics.first!)"
        #expect(diagnostic.contains("intervals") && diagnostic.contains("m2 M2 m3") && diagnostic.contains("up, down or both"))
        #expect(Disciplines.trainingSettings(from: configuration).intervals == .standard)
    }
}
