import Foundation
import PeachCore
import PeachPresentation
import PeachText

/// Interval matching: a reference note, then a tunable note started off the chosen interval (up or down, equal
/// temperament or just intonation) by a random offset; the user tunes the interval; the signed error from the
/// in-tune interval is recorded. Harmonic: the reference keeps sounding while the user tunes.
public struct IntervalMatchingMode: TrainingMode {
    nonisolated public static let id = TrainingModeID(rawValue: "intervalMatching")
    public var id: TrainingModeID { Self.id }
    public var menuTitle: String { tr(.menuIntervalMatching) }
    public let plainWords = ["im", "interval matching"]
    public var plainIntro: String { tr(.plainIntroIntervalMatching) }
    public let plainAnswers: [String: Gesture] = [:]
    public var plainAnswerHelp: String { PitchMatchingModeSession.tuningHelp }
    public let menuRank = 40

    public init() {}

    public var services: [ServiceNeed] { [PitchMatchingMode.tuningControls] }

    public func makeSession(_ dependencies: SessionDependencies) -> any ModeSession {
        PitchMatchingModeSession(
            PitchMatchingSession(
                notePlayer: dependencies.notePlayer, settings: dependencies.settings, clock: dependencies.clock,
                logger: dependencies.logger, interruptions: dependencies.interruptions,
                observers: dependencies.observers, tunableNoteObserver: dependencies.services[(any TunableNoteObserver).self],
                intervals: .configured),
            title: tr(.modeIntervalMatching), isInterval: true,
            detail: { challenge in challenge.map { IntervalDetail.describe($0.directedInterval, $0.tuningSystem, $0.presentation, from: $0.referenceNote, target: $0.targetNote) } })
    }
}
