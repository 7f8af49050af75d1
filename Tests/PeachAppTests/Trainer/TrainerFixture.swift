import PeachApp
import PeachCore
import PeachMIDI

/// A controller wired by the composition root's own `TrainerWiring`, with instant mocks behind the ports.
@MainActor
struct TrainerFixture {
    let player = InstantNotePlayer()
    let output = RecordingOutput()
    let clock = SteppingClock()
    let hub = InterruptionHub()
    let settings = FixedSettings()
    let store = RecordingStore()
    let history = TrainingHistory()
    let controller: TrainerController

    init(breaks: QuietBreakSchedule = QuietBreakSchedule(), decoder: ControllerDecoder = ControllerDecoder(binding: nil),
         saveLearnedBinding: @escaping @MainActor (ControllerBinding) -> String? = { _ in nil }) {
        let adapters = TrainerWiring.Adapters(store: store, notePlayer: player, output: output, settings: settings,
                                              clock: clock, logger: SilentLogger(), interruptions: hub)
        let choices = TrainerWiring.Choices(breaks: breaks, decoder: decoder, userStopFade: .milliseconds(300),
                                            saveLearnedBinding: saveLearnedBinding, saveWarning: { nil },
                                            connectOffered: { _ in })
        controller = TrainerWiring.trainer(adapters, profile: PerceptualProfile(), history: history,
                                           choices: choices)
    }
}

/// Stands in for the training store: keeps every trial and threshold-test result it is told of, in order.
@MainActor
final class RecordingStore: TrainingObserver, ThresholdTestObserver {
    private(set) var trials: [CompletedTrial] = []
    private(set) var thresholdTests: [ThresholdTestRecord] = []
    func trialCompleted(_ trial: CompletedTrial) throws { trials.append(trial) }
    func thresholdTestFinished(_ result: ThresholdTestRecord) throws { thresholdTests.append(result) }
}
