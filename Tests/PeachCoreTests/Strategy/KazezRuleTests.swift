import Testing
@testable import PeachCore
import PeachTestSupport

@Suite struct KazezRuleTests {
    let bounds = Cents(0.1)...Cents(100)

    @Test func correctAnswersFollowTheSpecifiedSequence() {
        // The values: 100 → 50 → 32.3…
        let second = KazezRule.next(after: Cents(100), wasCorrect: true, within: bounds)
        let third = KazezRule.next(after: second, wasCorrect: true, within: bounds)
        #expect(abs(second.value - 50) < 1e-9)
        #expect(abs(third.value - 32.322) < 0.001)
    }

    @Test func wrongAnswersMakeItEasierByTheLargerStep() {
        let easier = KazezRule.next(after: Cents(50), wasCorrect: false, within: bounds)
        #expect(abs(easier.value - 50 * (1 + 0.09 * 50.0.squareRoot())) < 1e-9)
        #expect(abs(easier.value - 81.82) < 0.01)
    }

    @Test func resultsAreClampedToTheBounds() {
        #expect(KazezRule.next(after: Cents(100), wasCorrect: false, within: bounds) == Cents(100))
        #expect(KazezRule.next(after: Cents(0.1), wasCorrect: true, within: bounds) == Cents(0.1))
        #expect(KazezRule.next(after: Cents(30), wasCorrect: true, within: Cents(25)...Cents(40)) == Cents(25))
    }

    @Test func theSignOfThePreviousOffsetDoesNotMatter() {
        #expect(KazezRule.next(after: Cents(-100), wasCorrect: true, within: bounds)
                == KazezRule.next(after: Cents(100), wasCorrect: true, within: bounds))
    }

    @Test func aNewUserStartsAtOneHundredCents() {
        #expect(KazezRule.initialDifference == Cents(100))
    }
}
