import Foundation
import PeachApp
import PeachCore
import PeachDisciplines
import PeachMIDI
import PeachPresentation
import PeachTerminal
import PeachTrainer
import Testing

/// A timing mode's stand-in: its session takes taps (and nothing else) while it runs and keeps them, and
/// notes every other gesture it is offered.
@MainActor
private final class TapTakingSession: TrainingSession {
    private(set) var isTraining = false
    private(set) var taps: [QueueInstant?] = []
    private(set) var sources: [TapSource] = []
    private(set) var otherInputs: [Gesture] = []
    var statusMessage: String? { nil }
    var trialNumber: Int? { isTraining ? 1 : nil }

    func start() { isTraining = true }

    func accepts(_ gesture: Gesture) -> Bool {
        guard case .tap = gesture else {
            otherInputs.append(gesture)
            return false
        }
        return isTraining
    }

    func handle(_ gesture: Gesture) {
        guard case .tap(let time, let source) = gesture else { return }
        taps.append(time)
        sources.append(source)
    }

    @discardableResult func stop() -> Task<Void, Never> {
        isTraining = false
        return Task {}
    }
}

/// Shown like comparison (any screen does): only the session matters here.
@MainActor
private final class TapModeSession: ModeSession {
    let taps = TapTakingSession()
    private let shown: any ModeSession

    init(shown: any ModeSession) { self.shown = shown }

    var session: any TrainingSession { taps }
    func accepts(_ gesture: Gesture) -> Bool { taps.accepts(gesture) }
    func perform(_ gesture: Gesture) { taps.handle(gesture) }
    func screen(_ context: ModeScreenContext) -> TrainingScreenModel { shown.screen(context) }
    func commands(for key: Key) -> [AppCommand] { [] }
    var plainProgress: PlainProgress { PlainProgress(phase: "tapping", finished: 0) }
    func plainLines(after previous: PlainProgress?) -> [String] { [] }
    var wrongAnswerShowing: Date? { nil }
}

@MainActor
private final class TapMode: TrainingMode {
    static let id = TrainingModeID(rawValue: "tapping")
    var id: TrainingModeID { Self.id }
    let menuTitle = "Start tapping"
    let plainWords = ["tap"]
    let plainIntro = "tap along"
    let plainAnswers: [String: Gesture] = [:]
    let plainAnswerHelp = ""
    let menuRank = 99
    private(set) var made: TapModeSession?

    func makeSession(_ dependencies: SessionDependencies) -> any ModeSession {
        let session = TapModeSession(shown: ComparisonMode().makeSession(dependencies))
        made = session
        return session
    }
}

private let keyboard = SequencerAddress(client: 24, port: 0)

private func noteOn(_ note: Int, channel: Int = 9, stampedAt nanoseconds: Int64?) -> SequencerInput {
    .midi(.noteOn(channel: MIDIChannel(channel)!, note: MIDINote(note)!, velocity: 100), source: keyboard,
          receivedAtNanoseconds: 0, queueTime: nanoseconds.map(QueueInstant.init(nanoseconds:)))
}

@MainActor @Suite struct ControllerTapTests {
    @Test func aNoteOnIsATapAtTheKernelsStampWhileTheSessionTakesTaps() async {
        let tapMode = TapMode()
        let f = TrainerFixture(decoder: ControllerDecoder(binding: ControllerBinding(source: .absolute7Bit(controller: 74))),
                               modes: Disciplines.modes + [tapMode])
        await f.controller.handle(.open(.training(TapMode.id)))
        #expect(f.controller.screen == .training(TapMode.id))
        let session = tapMode.made!.taps
        // A pad, then the 'higher' answer key (D4): both are taps now, not answers or commits.
        let router = SequencerInputRouter(controller: f.controller, announce: { _ in })
        await router.deliver([noteOn(38, stampedAt: 2_000_125_000),
                              .midi(.noteOff(channel: MIDIChannel(9)!, note: MIDINote(38)!, velocity: 0), source: keyboard,
                                    receivedAtNanoseconds: 0, queueTime: QueueInstant(nanoseconds: 2_000_200_000)),
                              noteOn(62, channel: 0, stampedAt: 2_250_000_000),
                              noteOn(40, stampedAt: nil)])
        #expect(session.taps == [QueueInstant(nanoseconds: 2_000_125_000), QueueInstant(nanoseconds: 2_250_000_000), nil])
        #expect(session.otherInputs.isEmpty)
        #expect(session.sources == Array(repeating: .midi(device: "MIDI client 24"), count: 3),
                "named by the client (the fixture names none: the number stands in)")
    }

    @Test func theAnswerKeysAndTheKnobStillWorkInTheOtherModes() async {
        let f = TrainerFixture(decoder: ControllerDecoder(binding: ControllerBinding(source: .absolute7Bit(controller: 74))))
        await f.controller.handle(.open(.comparison))
        #expect(await eventually("answerable") { f.controller.comparison.isAnswerEnabled })
        await f.controller.handleMIDI([noteOn(62, channel: 0, stampedAt: 1_000_000)])
        #expect(f.controller.comparison.tally.answered == 1, "D4 answers 'higher', stamped or not")

        await f.controller.handle(.open(.pitchMatching))
        #expect(await eventually("tunable") { f.controller.pitchMatching.isAdjustable })
        await f.controller.handleMIDI([.midi(.controlChange(channel: MIDIChannel(0)!, controller: 74, value: 64), source: keyboard,
                                             receivedAtNanoseconds: 0, queueTime: QueueInstant(nanoseconds: 5))])
        #expect(f.controller.tuningActivity == 1)
        await f.controller.handleMIDI([noteOn(60, channel: 0, stampedAt: 2_000_000)])
        #expect(f.controller.pitchMatching.completedCount == 1, "a key still commits")
    }
}
