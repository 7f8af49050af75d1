import Foundation
import PeachCore
import PeachPresentation
import PeachText

/// Unison pitch matching: tune a second note until it matches the reference; the signed error is recorded.
public struct PitchMatchingMode: TrainingMode {
    nonisolated public static let id = TrainingModeID(rawValue: "pitchMatching")
    public var id: TrainingModeID { Self.id }
    public var menuTitle: String { tr(.menuPitchMatching) }
    public let plainWords = ["m", "matching", "pitch", "pitch matching"]
    public var plainIntro: String { tr(.plainIntroPitchMatching) }
    public let plainAnswers: [String: Gesture] = [:]
    public var plainAnswerHelp: String { PitchMatchingModeSession.tuningHelp }
    public let menuRank = 20

    public init() {}

    /// The tuning controls' router: told of every tunable note as it starts, it routes the knob to it.
    public var services: [ServiceNeed] { [PitchMatchingMode.tuningControls] }
    static let tuningControls = ServiceNeed.of((any TunableNoteObserver).self)

    public func makeSession(_ dependencies: SessionDependencies) -> any ModeSession {
        PitchMatchingModeSession(PitchMatchingSession(
            notePlayer: dependencies.notePlayer, settings: dependencies.settings, clock: dependencies.clock,
            logger: dependencies.logger, interruptions: dependencies.interruptions,
            observers: dependencies.observers, tunableNoteObserver: dependencies.services[(any TunableNoteObserver).self]))
    }
}

/// How any pitch-matching session is shown and tuned: the matching screen, ←/→ keys, plain lines.
/// Reused by every mode whose trials are "tune it until it is right".
@MainActor
public final class PitchMatchingModeSession: GestureDrivenModeSession {
    /// Keyboard tuning steps (←/→ and Shift+←/→).
    public static let fineStep = Cents(1)
    public static let coarseStep = Cents(10)

    public let matching: PitchMatchingSession
    private let title: String
    private let detail: @MainActor (PitchMatchingChallenge?) -> String?
    private let isInterval: Bool

    public init(_ matching: PitchMatchingSession, title: String = tr(.matchingTitle), isInterval: Bool = false,
                detail: @escaping @MainActor (PitchMatchingChallenge?) -> String? = { _ in nil }) {
        self.matching = matching
        self.title = title
        self.isInterval = isInterval
        self.detail = detail
    }

    public var driven: PitchMatchingSession { matching }
    /// Tuning moves and the commit.
    public let gestures = GestureMap<PitchMatchingSession.Input>(
        adjust: { .adjust($0, via: $1) }, tune: { .tune(centsFromTarget: $0, via: $1) },
        sounded: { .sounded(centsFromTarget: $0, via: $1) }, commit: .commit)

    /// Plain mode tunes with signed numbers (parsed for every mode) and commits with an empty line.
    nonisolated public static var tuningHelp: String { tr(.plainAnswersTuning) }

    public func screen(_ context: ModeScreenContext) -> TrainingScreenModel {
        let phase: PitchMatchingScreenModel.Phase
        switch matching.state {
        case .idle, .playingReference: phase = .listeningToReference
        case .playingTunable: phase = .tuning
        case .showingFeedback: phase = matching.lastResult.map { .result(error: $0.userCentError) } ?? .tuning
        }
        let discipline = matching.currentChallenge?.discipline ?? .unisonPitchMatching
        let statistics = context.profile.pitchMatching(in: discipline)
        return PitchMatchingScreen.describe(PitchMatchingScreenModel(
            phase: phase, knobMoving: context.knobMoving, matched: matching.completedCount,
            meanAbsoluteError: statistics.count > 0 ? statistics.meanAbsoluteError : nil, warning: context.warning,
            title: title, detail: detail(matching.currentChallenge), isInterval: isInterval))
    }

    public func commands(for key: Key) -> [AppCommand] {
        switch PitchMatchingKeys.action(for: key) {
        case .adjust(let direction, let step):
            let size = step == .fine ? Self.fineStep : Self.coarseStep
            return [.input(.adjust(size * Double(direction), via: .keyboard))]
        case .commit: return [.input(.commit)]
        case .stop: return [.back]
        case nil: return []
        }
    }

    public var plainProgress: PlainProgress {
        PlainProgress(phase: "\(matching.state)", finished: matching.completedCount)
    }

    public func plainLines(after previous: PlainProgress?) -> [String] {
        let now = plainProgress
        var lines: [String] = []
        if now.finished != previous?.finished, now.finished > 0, let result = matching.lastResult {
            lines.append(tr(.plainMatchingResult, ["error": Self.describe(error: result.userCentError)]))
        }
        if now.phase != previous?.phase {
            switch matching.state {
            case .playingReference:
                let what = detail(matching.currentChallenge).map { " (\($0))" } ?? ""
                lines.append(tr(.plainMatchingReference, ["number": "\(matching.completedCount + 1)", "detail": what]))
            case .playingTunable: lines.append(tr(.plainMatchingTuneNow))
            case .idle, .showingFeedback: break
            }
        }
        return lines
    }

    public var wrongAnswerShowing: Date? { nil }

    /// "3.2 cents sharp", "0.4 cents flat", "exact".
    static func describe(error: Cents) -> String {
        let rounded = (error.value * 10).rounded() / 10
        if rounded == 0 { return tr(.plainMatchingExact) }
        return tr(rounded > 0 ? .plainMatchingSharp : .plainMatchingFlat, ["cents": ScreenFormat.number(abs(rounded))])
    }
}
