@testable import PeachDisciplines
import PeachPresentation
@testable import PeachTerminal

// The comparison and pitch-matching screens as the terminal draws them: their disciplines describe them as
// lines, the terminal's TrainingScreen renders the description. The snapshots hold what a user sees.
extension ComparisonScreen {
    static func render(_ model: ComparisonScreenModel, size: TerminalSize, style: Styler) -> [String] {
        TrainingScreen.render(describe(model), size: size, style: style)
    }
}

extension PitchMatchingScreen {
    static func render(_ model: PitchMatchingScreenModel, size: TerminalSize, style: Styler) -> [String] {
        TrainingScreen.render(describe(model), size: size, style: style)
    }
}
