import Foundation
import PeachCore
import PeachPresentation
import PeachText

/// Fill the gap in the Start menu and plain mode: tap into the silent step of each cycle (space, or a MIDI key,
/// pad or footswitch, which the kernel stamps exactly).
public struct FillTheGapMode: TrainingMode {
    nonisolated public static let id = TrainingModeID(rawValue: "fillTheGap")
    public var id: TrainingModeID { Self.id }
    public var menuTitle: String { tr(.menuFillTheGap) }
    public let plainWords = ["fg", "fill the gap", "gap"]
    public var plainIntro: String { tr(.plainIntroFillTheGap) }
    public let plainAnswers: [String: Gesture] = ["x": .keyboardTap, "tap": .keyboardTap]
    public var plainAnswerHelp: String { tr(.plainAnswersFillTheGap) }
    public let menuRank = 70

    public init() {}

    /// The tap sources' calibrated latencies and the synth's: taken off every tap.
    public var services: [ServiceNeed] { [.of(TimingLatencies.self)] }

    public func makeSession(_ dependencies: SessionDependencies) -> any ModeSession {
        FillTheGapModeSession(FillTheGapSession(
            player: dependencies.rhythmPlayer, settings: dependencies.settings, clock: dependencies.clock,
            logger: dependencies.logger, interruptions: dependencies.interruptions, observers: dependencies.observers,
            latencies: dependencies.services[TimingLatencies.self] ?? TimingLatencies()))
    }
}

/// How a fill-the-gap session is shown and driven: its own screen, space to tap, plain lines per trial.
@MainActor
public final class FillTheGapModeSession: GestureDrivenModeSession {
    public let gaps: FillTheGapSession

    public init(_ gaps: FillTheGapSession) { self.gaps = gaps }

    public var driven: FillTheGapSession { gaps }
    /// Taps only.
    public let gestures: GestureMap<FillTheGapSession.Input> = GestureMap(tap: { $0 })

    public func screen(_ context: ModeScreenContext) -> TrainingScreenModel {
        FillTheGapScreen.model(gaps, warning: context.warning)
    }

    /// Space / Enter tap, Esc / q stop; other keys mean nothing here.
    public func commands(for key: Key) -> [AppCommand] { Self.keys[key] ?? [] }

    private static let keys: [Key: [AppCommand]] = [
        .character(" "): [.input(.keyboardTap)], .enter: [.input(.keyboardTap)],
        .escape: [.back], .character("q"): [.back],
    ]

    public var plainProgress: PlainProgress {
        PlainProgress(phase: "\(gaps.state)", finished: gaps.completedCount)
    }

    public func plainLines(after previous: PlainProgress?) -> [String] {
        let now = plainProgress
        var lines: [String] = []
        if now.finished != previous?.finished, now.finished > 0, let last = gaps.lastCompleted {
            lines.append(tr(.plainFillTheGapTrial, ["number": "\(now.finished)", "summary": FillTheGapScreen.summary(last)]))
        }
        if now.phase != previous?.phase, gaps.state == .playing {
            lines.append(tr(.plainFillTheGapStart))
        }
        return lines
    }

    public var wrongAnswerShowing: Date? { nil }
}
