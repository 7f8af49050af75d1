import Foundation
import PeachCore
import PeachPresentation
import PeachText

/// Compare timing in the Start menu and plain mode: four clicks, the last early or late; e / ← early,
/// l / → late.
public struct CompareTimingMode: TrainingMode {
    nonisolated public static let id = TrainingModeID(rawValue: "compareTiming")
    public var id: TrainingModeID { Self.id }
    public var menuTitle: String { tr(.menuCompareTiming) }
    public let plainWords = ["ct", "compare timing", "timing"]
    public var plainIntro: String { tr(.plainIntroCompareTiming) }
    public let plainAnswers: [String: Gesture] = Dictionary(uniqueKeysWithValues:
        ["e", "early"].map { ($0, Gesture.answer(higher: false)) }
        + ["l", "late"].map { ($0, Gesture.answer(higher: true)) })
    public var plainAnswerHelp: String { tr(.plainAnswersCompareTiming) }
    public let menuRank = 60

    public init() {}

    public func makeSession(_ dependencies: SessionDependencies) -> any ModeSession {
        CompareTimingModeSession(CompareTimingSession(
            player: dependencies.rhythmPlayer, profile: dependencies.profile, settings: dependencies.settings,
            clock: dependencies.clock, logger: dependencies.logger, interruptions: dependencies.interruptions,
            observers: dependencies.observers))
    }
}

/// How a compare-timing session is shown and answered: its own screen (four lamps, early/late), keys, plain lines.
@MainActor
public final class CompareTimingModeSession: GestureDrivenModeSession {
    public let timing: CompareTimingSession

    public init(_ timing: CompareTimingSession) { self.timing = timing }

    public var driven: CompareTimingSession { timing }
    /// The up answer is "late", the down answer "early".
    public let gestures: GestureMap<CompareTimingSession.Input> = GestureMap(answer: { .answer(late: $0) })

    public func screen(_ context: ModeScreenContext) -> TrainingScreenModel {
        CompareTimingScreen.model(timing, warning: context.warning)
    }

    /// ← / e early, → / l late, Esc / q stop; other keys mean nothing here.
    public func commands(for key: Key) -> [AppCommand] {
        if case .arrow(let direction, _) = key, direction == .left || direction == .right {
            return [.input(.answer(higher: direction == .right))]
        }
        return Self.keys[key] ?? []
    }

    private static let keys: [Key: [AppCommand]] = [
        .character("e"): [.input(.answer(higher: false))], .character("E"): [.input(.answer(higher: false))],
        .character("l"): [.input(.answer(higher: true))], .character("L"): [.input(.answer(higher: true))],
        .escape: [.back], .character("q"): [.back],
    ]

    public var plainProgress: PlainProgress {
        PlainProgress(phase: "\(timing.state)", finished: timing.tally.answered)
    }

    public func plainLines(after previous: PlainProgress?) -> [String] {
        let now = plainProgress
        var lines: [String] = []
        if now.finished != previous?.finished, now.finished > 0, let last = timing.tally.last {
            lines.append(tr(.plainTally, ["line": CompareTimingScreen.verdict(last), "correct": "\(timing.tally.correct)",
                                          "answered": "\(timing.tally.answered)"]))
        }
        if now.phase != previous?.phase {
            switch timing.state {
            case .playingPattern:
                lines.append(tr(.plainCompareTimingListen, ["number": "\(timing.tally.answered + 1)",
                                                            "tempo": timing.currentTrial?.tempo.description ?? ""]))
            case .awaitingAnswer: lines.append(tr(.plainCompareTimingQuestion))
            case .idle, .showingFeedback: break
            }
        }
        return lines
    }

    public var wrongAnswerShowing: Date? {
        guard timing.state == .showingFeedback, let last = timing.tally.last, !last.isCorrect else { return nil }
        return last.timestamp
    }
}
