@testable import PeachDisciplines
import PeachPresentation
@testable import PeachTerminal
import Testing

@Suite struct KeyBindingsTests {
    @Test func comparisonAnswersAndStop() {
        for key in [Key.arrow(.up), .character("k"), .character("h"), .arrow(.up, .shift)] {
            #expect(ComparisonKeys.action(for: key) == .answerHigher, "\(key)")
        }
        for key in [Key.arrow(.down), .character("j"), .character("l")] {
            #expect(ComparisonKeys.action(for: key) == .answerLower, "\(key)")
        }
        #expect(ComparisonKeys.action(for: .escape) == .stop)
        #expect(ComparisonKeys.action(for: .character("q")) == .stop)
        #expect(ComparisonKeys.action(for: .enter) == nil)
        #expect(ComparisonKeys.action(for: .arrow(.left)) == nil)
    }

    @Test func pitchMatchingFineCoarseCommitStop() {
        #expect(PitchMatchingKeys.action(for: .arrow(.right)) == .adjust(direction: 1, step: .fine))
        #expect(PitchMatchingKeys.action(for: .arrow(.left)) == .adjust(direction: -1, step: .fine))
        #expect(PitchMatchingKeys.action(for: .arrow(.right, .shift)) == .adjust(direction: 1, step: .coarse))
        #expect(PitchMatchingKeys.action(for: .arrow(.left, .shift)) == .adjust(direction: -1, step: .coarse))
        #expect(PitchMatchingKeys.action(for: .character("L")) == .adjust(direction: 1, step: .coarse))
        #expect(PitchMatchingKeys.action(for: .character("h")) == .adjust(direction: -1, step: .fine))
        #expect(PitchMatchingKeys.action(for: .enter) == .commit)
        #expect(PitchMatchingKeys.action(for: .escape) == .stop)
        #expect(PitchMatchingKeys.action(for: .character("q")) == .stop)
    }

    @Test func menuNavigation() {
        #expect(KeyBindings.menu(.arrow(.down)) == .next)
        #expect(KeyBindings.menu(.character("j")) == .next)
        #expect(KeyBindings.menu(.arrow(.up)) == .previous)
        #expect(KeyBindings.menu(.character("k")) == .previous)
        #expect(KeyBindings.menu(.enter) == .choose)
        #expect(KeyBindings.menu(.character("3")) == .chooseNumber(3))
        #expect(KeyBindings.menu(.character("0")) == nil)
        #expect(KeyBindings.menu(.character("q")) == .back)
        #expect(KeyBindings.menu(.escape) == .back)
    }

    @Test func settingsEditing() {
        #expect(KeyBindings.settings(.arrow(.right)) == .change(direction: 1, step: .fine))
        #expect(KeyBindings.settings(.arrow(.left, .shift)) == .change(direction: -1, step: .coarse))
        #expect(KeyBindings.settings(.enter) == .edit)
        #expect(KeyBindings.settings(.character("d")) == .resetToDefault)
        #expect(KeyBindings.settings(.escape) == .back)
    }

    @Test func globalKeysAndBreak() {
        #expect(KeyBindings.global(.ctrlC) == .quit)
        #expect(KeyBindings.global(.ctrlZ) == .suspend)
        #expect(KeyBindings.global(.character("c")) == nil)
        #expect(KeyBindings.quietBreak(.character("s")) == .snooze)
        #expect(KeyBindings.quietBreak(.escape) == .backToStart)
        #expect(KeyBindings.viewer(.escape) == .back)
    }
}
