import PeachApp
import PeachCore
import PeachMIDI

/// A controller wired to instant mocks, as the composition root wires the real adapters.
@MainActor
struct TrainerFixture {
    let player = InstantNotePlayer()
    let output = RecordingOutput()
    let clock = SteppingClock()
    let hub = InterruptionHub()
    let settings = FixedSettings()
    let controller: TrainerController

    init(breaks: QuietBreakSchedule = QuietBreakSchedule(), decoder: ControllerDecoder = ControllerDecoder(binding: nil)) {
        let profile = PerceptualProfile()
        let comparison = ComparisonSession(notePlayer: player, profile: profile, settings: settings, clock: clock,
                                           interruptions: hub)
        let pitchMatching = PitchMatchingSession(notePlayer: player, settings: settings, clock: clock, interruptions: hub)
        controller = TrainerController(comparison: comparison, pitchMatching: pitchMatching, profile: profile,
                                       history: TrainingHistory(), output: output, clock: clock, interruptions: hub,
                                       breaks: breaks, controllerDecoder: decoder)
    }
}
