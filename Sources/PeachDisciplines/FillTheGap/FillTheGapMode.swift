import Foundation
import PeachCore
import PeachTerminal

/// Fill the gap in the Start menu and plain mode: tap into the silent step of each cycle (space, or a MIDI key,
/// pad or footswitch, which the kernel stamps exactly).
public struct FillTheGapMode: TrainingMode {
    nonisolated public static let id = TrainingModeID(rawValue: "fillTheGap")
    public var id: TrainingModeID { Self.id }
    public let menuTitle = "Start fill the gap"
    public let plainWords = ["fg", "fill the gap", "gap"]
    public let plainIntro = "fill the gap: a steady grid with one silent step per four; tap into it with a MIDI key or pad "
        + "(exact), or type x and Enter (stamped when read: rough); sixteen gaps make a trial; s stops"
    public let plainAnswers: [String: TrainingInput] = ["x": .tap(at: nil), "tap": .tap(at: nil)]
    public let plainAnswerHelp = "x = tap (fill the gap; a MIDI key taps exactly)"
    public let menuRank = 70

    public init() {}

    public func makeSession(_ dependencies: SessionDependencies) -> any ModeSession {
        FillTheGapModeSession(FillTheGapSession(
            player: dependencies.rhythmPlayer, settings: dependencies.settings, clock: dependencies.clock,
            logger: dependencies.logger, interruptions: dependencies.interruptions, observers: dependencies.observers))
    }
}

/// How a fill-the-gap session is shown and driven: its own screen, space to tap, plain lines per trial.
@MainActor
public final class FillTheGapModeSession: ModeSession {
    public let gaps: FillTheGapSession

    public init(_ gaps: FillTheGapSession) { self.gaps = gaps }

    public var session: any TrainingSession { gaps }

    public func screen(_ context: ModeScreenContext) -> Screen {
        .training(FillTheGapScreen.model(gaps, warning: context.warning))
    }

    /// Space / Enter tap, Esc / q stop; other keys mean nothing here.
    public func commands(for key: Key) -> [AppCommand] { Self.keys[key] ?? [] }

    private static let keys: [Key: [AppCommand]] = [
        .character(" "): [.input(.tap(at: nil))], .enter: [.input(.tap(at: nil))],
        .escape: [.back], .character("q"): [.back],
    ]

    public var plainProgress: PlainProgress {
        PlainProgress(phase: "\(gaps.state)", finished: gaps.completedCount)
    }

    public func plainLines(after previous: PlainProgress?) -> [String] {
        let now = plainProgress
        var lines: [String] = []
        if now.finished != previous?.finished, now.finished > 0, let last = gaps.lastCompleted {
            lines.append("trial \(now.finished): " + FillTheGapScreen.summary(last))
        }
        if now.phase != previous?.phase, gaps.state == .playing {
            lines.append("fill the gap: tap into each silent step")
        }
        return lines
    }

    public var wrongAnswerShowing: Date? { nil }
}
