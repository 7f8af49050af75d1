import PeachCore
import Testing

@Suite struct AnswerTallyTests {
    @Test func anEmptyTallyHasNoAccuracyAndNoLastAnswer() {
        let tally = AnswerTally<String>()
        #expect(tally.answered == 0 && tally.correct == 0)
        #expect(tally.accuracy == nil)
        #expect(tally.last == nil)
    }

    @Test func recordingCountsRightAnswersAndKeepsTheLast() {
        var tally = AnswerTally<String>()
        tally.record("first", correct: true)
        tally.record("second", correct: false)
        tally.record("third", correct: true)
        #expect(tally.answered == 3 && tally.correct == 2)
        #expect(tally.accuracy == 2.0 / 3.0)
        #expect(tally.last == "third")
    }

    @Test func accuracyFromCountsIsNilWithNoneAnswered() {
        #expect(AnswerTally<String>.accuracy(correct: 0, of: 0) == nil)
        #expect(AnswerTally<String>.accuracy(correct: 1, of: 4) == 0.25)
    }
}
