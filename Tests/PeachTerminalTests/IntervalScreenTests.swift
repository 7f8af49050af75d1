import PeachCore
@testable import PeachDisciplines
import PeachPresentation
@testable import PeachTerminal
import Testing

/// The interval modes' screens ask about the interval, not the same pitch.
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
