@testable import PeachApp
import PeachCore
import PeachDisciplines
@testable import PeachTrainer
import Testing

/// A mode takes exactly the gestures it declares, each as its session's own input.
@Suite struct GestureMapTests {
    private enum Input: Hashable {
        case up(Bool), moved(Cents, ControllerMode), done, tapped(Tap)
    }

    private static let every: [Gesture] = [
        .answer(higher: true), .adjust(Cents(2), via: .keyboard), .tune(centsFromTarget: Cents(-3), via: .cc7),
        .sounded(centsFromTarget: Cents(1), via: .pitchbend), .commit, .keyboardTap,
    ]

    @Test func anEmptyMapTakesNothing() {
        let map = GestureMap<Input>()
        #expect(Self.every.allSatisfy { map.input(for: $0) == nil })
    }

    @Test func eachDeclaredGestureBecomesItsInputAndNoOtherDoes() {
        let answers = GestureMap<Input>(answer: { .up($0) })
        #expect(Self.every.compactMap(answers.input(for:)) == [.up(true)])
        let tuning = GestureMap<Input>(adjust: { .moved($0, $1) }, commit: .done)
        #expect(Self.every.compactMap(tuning.input(for:)) == [.moved(Cents(2), .keyboard), .done])
        let taps = GestureMap<Input>(tap: { .tapped($0) })
        #expect(Self.every.compactMap(taps.input(for:)) == [.tapped(.keyboard)])
        #expect(taps.input(for: .tap(at: QueueInstant(nanoseconds: 5), from: .pad))
                == .tapped(Tap(at: QueueInstant(nanoseconds: 5), from: .pad)))
    }

    @Test @MainActor func everyRegisteredModeTakesNoGestureBeforeItStarts() {
        let fixture = TrainerFixture()
        for mode in Disciplines.modes {
            let session = fixture.controller.modeSession(mode.id)
            #expect(session != nil, "\(mode.id) has a session")
            #expect(Self.every.allSatisfy { session?.accepts($0) == false }, "\(mode.id) is idle")
        }
    }
}
