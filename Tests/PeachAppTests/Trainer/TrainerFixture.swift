import PeachApp
import PeachCore
import PeachDisciplines
import PeachMIDI
import PeachTestSupport
import PeachTrainer

/// A controller wired by the composition root's own `TrainerWiring`, with instant mocks behind the ports.
@MainActor
struct TrainerFixture {
    let player = InstantNotePlayer()
    let rhythm = InstantRhythmPlayer()
    let output = RecordingOutput()
    let clock = SteppingClock()
    let hub = InterruptionHub()
    let settings = FixedSettings()
    let store = RecordingStore()
    let controller: TrainerController

    init(breaks: QuietBreakSchedule = QuietBreakSchedule(), decoder: ControllerDecoder = ControllerDecoder(binding: nil),
         saveLearnedBinding: @escaping @MainActor (ControllerBinding) -> String? = { _ in nil },
         modes: [any TrainingMode] = Disciplines.modes) {
        let adapters = TrainerWiring.Adapters(store: store, notePlayer: player, rhythmPlayer: rhythm, output: output, settings: settings,
                                              clock: clock, logger: SilentLogger(), interruptions: hub)
        let choices = TrainerWiring.Choices(breaks: breaks, decoder: decoder, userStopFade: .milliseconds(300),
                                            hooks: TrainerHooks(saveLearnedBinding: saveLearnedBinding))
        controller = TrainerWiring.trainer(adapters, profile: PerceptualProfile(),
                                           choices: choices, modes: modes)
    }
}

/// Stands in for the training store: keeps every record it is told of, in order.
@MainActor
final class RecordingStore: RecordObserver {
    private(set) var records: [TrainingRecord] = []
    func recorded(_ record: TrainingRecord) throws { records.append(record) }

    /// The trials' records (every record but threshold-test results).
    var trials: [TrainingRecord] { records.filter { $0.thresholdTestRecord == nil } }
    var thresholdTests: [ThresholdTestRecord] { records.compactMap(\.thresholdTestRecord) }
}
