import Foundation
@testable import PeachApp
import PeachCore
import PeachDisciplines
import PeachMIDI
import PeachStore
import PeachTestSupport
@testable import PeachTrainer
import Testing

/// The composition root's wiring, with the real training store on a temporary data directory: every
/// finished trial reaches the store (on disk first), the profile and the trend, and a pitch match
/// records the input that really tuned it — keyboard, the configured knob, or the control MIDI-learn took.
@MainActor @Suite struct TrainerWiringTests {
    @MainActor struct Wired {
        let store: TrainingStore
        let directory: DataDirectory
        let player = InstantNotePlayer()
        let output = RecordingOutput()
        let controller: TrainerController

        init(decoder: ControllerDecoder = ControllerDecoder(binding: nil), pitchBasis: PitchBasis? = nil) throws {
            let path = NSTemporaryDirectory() + "peach-wiring-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            directory = DataDirectory(path: path)
            store = try TrainingStore.open(directory, codecs: Disciplines.codecs, outputName: "Test synth (128:0)").store
            let store = store
            let adapters = TrainerWiring.Adapters(store: store, notePlayer: player, rhythmPlayer: SilentRhythmPlayer(), output: output,
                                                  settings: FixedSettings(), clock: SteppingClock(),
                                                  logger: SilentLogger(), interruptions: InterruptionHub(),
                                                  outputName: { store.outputName }, pitchBasis: { pitchBasis })
            let choices = TrainerWiring.Choices(breaks: QuietBreakSchedule(), decoder: decoder, userStopFade: .zero)
            controller = TrainerWiring.trainer(adapters, profile: PerceptualProfile(),
                                               choices: choices)
        }

        func stored() throws -> [TrainingRecord] { try TrainingLog.read(directory, codecs: Disciplines.codecs).records }
    }

    static func midi(_ event: MIDIEvent) -> SequencerInput {
        .midi(event, source: SequencerAddress(client: 20, port: 0), receivedAtNanoseconds: 0)
    }

    @Test func aComparisonReachesTheStoreTheProfileAndTheTrend() async throws {
        let w = try Wired()
        await w.controller.handle(.open(.comparison))
        for answer in 0..<40 {
            #expect(await eventually("answerable") { w.controller.comparison.isAnswerEnabled })
            await w.controller.handle(.answer(higher: answer % 2 == 0))
            // The store observes first: by the time the profile has the trial, it is on disk.
            #expect(try w.stored().count == answer + 1)
        }
        #expect(w.controller.profile.comparisonCount(in: .unisonComparison) == 40)
        #expect(w.controller.profile.progress(of: .unisonComparison)?.points.count == 1, "40 answers today make a point")
        guard let record = try w.stored().last?.comparisonRecord else {
            Issue.record("no comparison stored")
            return
        }
        #expect(record.outputName == "Test synth (128:0)")
    }

    /// The basis the composition root chose reaches every pitch record on disk, comparison and pitch matching.
    @Test(arguments: PitchBasis.allCases)
    func theWiredPitchBasisIsStoredWithEveryPitchTrial(_ basis: PitchBasis) async throws {
        let w = try Wired(pitchBasis: basis)
        await w.controller.handle(.open(.comparison))
        #expect(await eventually("answerable") { w.controller.comparison.isAnswerEnabled })
        await w.controller.handle(.answer(higher: true))
        await w.controller.handle(.open(.pitchMatching))
        #expect(await eventually("tunable") { w.controller.pitchMatching.isAdjustable })
        await w.controller.handle(.adjust(Cents(3)))
        await w.controller.handle(.commit)
        #expect(await eventually("stored") { (try? w.stored().count) == 2 })
        let stored = try w.stored()
        #expect(stored.first?.comparisonRecord?.pitchBasis == basis)
        #expect(stored.last?.pitchMatchingRecord?.pitchBasis == basis)
    }

    @Test func theRecordedControllerModeIsTheInputThatTuned() async throws {
        let knob = ControllerBinding(source: .absolute7Bit(controller: 74))
        let w = try Wired(decoder: ControllerDecoder(binding: knob))
        await w.controller.handle(.open(.pitchMatching))

        // 1: tuned with the keyboard although a knob is configured.
        #expect(await eventually("tunable") { w.controller.pitchMatching.isAdjustable })
        await w.controller.handle(.adjust(Cents(3)))
        await w.controller.handle(.commit)
        // 2: tuned with the configured knob.
        #expect(await eventually("tunable") { w.controller.pitchMatching.isAdjustable })
        await w.controller.handleMIDI([Self.midi(.controlChange(channel: MIDIChannel(0)!, controller: 74, value: 80))])
        await w.controller.handle(.commit)
        // 3: MIDI-learn takes the pitch wheel; the next match is tuned with it.
        await w.controller.handle(.learnController)
        await w.controller.handleMIDI([Self.midi(.pitchBend(channel: MIDIChannel(0)!, bend: PitchBend(2000)!))])
        #expect(w.controller.controllerInput.decoder.binding?.source == .pitchWheel)
        #expect(await eventually("tunable") { w.controller.pitchMatching.isAdjustable })
        // The push that taught the wheel ends at rest; the next push tunes.
        await w.controller.handleMIDI([Self.midi(.pitchBend(channel: MIDIChannel(0)!, bend: PitchBend(0)!)),
                                       Self.midi(.pitchBend(channel: MIDIChannel(0)!, bend: PitchBend(3000)!))])
        await w.controller.handle(.commit)
        // 4: committed untouched: no input tuned it.
        #expect(await eventually("tunable") { w.controller.pitchMatching.isAdjustable })
        await w.controller.handle(.commit)

        let modes = try w.stored().compactMap { record -> ControllerMode?? in
            guard let matching = record.pitchMatchingRecord else { return nil }
            return .some(matching.controllerMode)
        }
        #expect(modes == [.keyboard, .cc7, .pitchbend, nil])
        #expect(w.controller.profile.pitchMatching(in: .unisonPitchMatching).count == 4)
    }
}

/// The root offers every service a registered mode names (`TrainingMode.services`): a mode that takes one the root
/// does not offer fails here, not at a musician's first trial.
@MainActor @Suite struct TrainerServicesTests {
    @Test func everyServiceAModeTakesIsOffered() {
        let adapters = TrainerWiring.Adapters(store: RecordingStore(), notePlayer: InstantNotePlayer(),
                                              rhythmPlayer: SilentRhythmPlayer(), output: RecordingOutput(),
                                              settings: FixedSettings(), clock: SteppingClock(), logger: SilentLogger(),
                                              interruptions: InterruptionHub())
        let offered = TrainerWiring.services(adapters, controllerInput: ControllerInput(decoder: ControllerDecoder(binding: nil)))
        for mode in Disciplines.modes {
            for need in mode.services {
                #expect(offered.offers(need), "\(mode.id) takes \(need), which the composition root does not offer")
            }
        }
        #expect(Disciplines.modes.contains { !$0.services.isEmpty }, "some mode takes a service, or this test proves nothing")
    }
}
