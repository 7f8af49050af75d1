import Foundation
import Testing
import PeachCore
@testable import PeachTerminal

@Suite struct IntervalConfigTests {
    @Test func intervalKeysReachTheTrainingSettings() {
        let configuration = ConfigLoader.parse(text: """
            [training]
            intervals = P5 up P4 TT down
            tuning_system = just
            interval_presentation = harmonic
            """, file: "peach.conf")
        #expect(configuration.diagnostics.isEmpty, "\(configuration.diagnostics)")
        let settings = configuration.trainingSettings
        #expect(settings.intervals.intervals == [DirectedInterval(.perfectFourth, .down), DirectedInterval(.tritone, .down),
                                                 DirectedInterval(.perfectFifth, .up)])
        #expect(settings.tuningSystem == .justIntonation)
        #expect(settings.intervalPresentation == .harmonic)
    }

    @Test func aBadIntervalListIsReportedWithWhatIsAllowedAndFallsBackToTheDefault() {
        let configuration = ConfigLoader.parse(text: "[training]\nintervals = P5 sideways\n", file: "peach.conf")
        #expect(configuration.diagnostics.count == 1)
        let diagnostic = "\(configuration.diagnostics.first!)"
        #expect(diagnostic.contains("intervals") && diagnostic.contains("m2 M2 m3") && diagnostic.contains("up, down or both"))
        #expect(configuration.trainingSettings.intervals == .standard)
    }
}

@Suite struct IntervalScreenTests {
    @Test func intervalComparisonSaysWiderOrNarrowerAndLightsBothNotesWhenHarmonic() {
        let model = ComparisonScreenModel(phase: .playingNote2, canAnswer: true, title: "Interval comparison",
                                          detail: "perfect fifth down (P5 ↓) · just intonation · harmonic",
                                          question: .interval, together: true)
        let text = ComparisonScreen.render(model, size: .standard, style: Styler(.monochrome)).joined(separator: "\n")
        #expect(text.contains("● Note 1") && text.contains("● Note 2"))
        #expect(text.contains("[ ↑ Wider ]") && text.contains("[ ↓ Narrower ]") && text.contains("↑/k/h wider"))
        #expect(text.contains("Listen: both notes… (you may answer now)"))
        #expect(text.contains("perfect fifth down (P5 ↓)"))
        var waiting = model
        waiting.phase = .awaitingAnswer
        let asked = ComparisonScreen.render(waiting, size: .standard, style: Styler(.monochrome)).joined(separator: "\n")
        #expect(asked.contains("wider or narrower than in tune?"))
        #expect(!asked.contains("Higher"))
    }

    @Test func intervalMatchingAsksForTheIntervalNotTheSamePitch() {
        let model = PitchMatchingScreenModel(phase: .listeningToReference, title: "Interval matching",
                                             detail: "major third up (M3 ↑) · equal temperament · melodic", isInterval: true)
        let text = PitchMatchingScreen.render(model, size: .standard, style: Styler(.monochrome)).joined(separator: "\n")
        #expect(text.contains("until the interval is in tune") && !text.contains("sounds the same"))
        #expect(text.contains("major third up (M3 ↑)"))
    }
}
