import PeachApp
import PeachCore
import PeachDisciplines
import PeachTestSupport
import PeachTrainer

/// The two built-in modes by name, so the tests read as the user thinks of them.
extension AppScreen {
    static let comparison = AppScreen.training(ComparisonMode.id)
    static let pitchMatching = AppScreen.training(PitchMatchingMode.id)
}

extension AppCommand {
    static func answer(higher: Bool) -> AppCommand { .input(.answer(higher: higher)) }
    static func adjust(_ cents: Cents) -> AppCommand { .input(.adjust(cents, via: .keyboard)) }
    static let commit = AppCommand.input(.commit)
}

@MainActor
extension TrainerController {
    static let fineStep = PitchMatchingModeSession.fineStep
    static let coarseStep = PitchMatchingModeSession.coarseStep

    /// The registered comparison mode's session.
    var comparison: ComparisonSession {
        (modeSession(ComparisonMode.id) as! ComparisonModeSession).comparison
    }

    /// The registered pitch-matching mode's session.
    var pitchMatching: PitchMatchingSession {
        (modeSession(PitchMatchingMode.id) as! PitchMatchingModeSession).matching
    }
}
