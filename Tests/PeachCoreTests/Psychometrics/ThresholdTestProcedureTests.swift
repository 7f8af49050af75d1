import Testing
@testable import PeachCore
import PeachDisciplines
import PeachTestSupport

@Suite struct ThresholdTestProcedureTests {
    static func run(trialCount: Int, seed: UInt64) -> (ThresholdTestProcedure, Int) {
        var random = SeededGenerator(seed: seed)
        let listener = SimulatedListener(threshold: Cents(6), slope: 1.3, lapseRate: 0.02)
        var procedure = ThresholdTestProcedure(noteRange: MIDINote(55)!...MIDINote(67)!, trialCount: trialCount)
        var played = 0
        while !procedure.isComplete && played < 1000 {
            let trial = procedure.nextTrial(using: &random)
            #expect((55...67).contains(trial.note.rawValue))
            #expect(procedure.differenceBounds.contains(trial.difference))
            procedure.record(difference: trial.difference, correct: listener.answersCorrectly(trial.difference, using: &random))
            played += 1
        }
        return (procedure, played)
    }

    @Test func endsAfterItsTrialCount() {
        let (procedure, played) = Self.run(trialCount: 60, seed: 3)
        #expect(played == 60)
        #expect(procedure.isComplete)
        #expect(procedure.result.trials == 60)
    }

    @Test func answersAfterTheEndAreIgnored() {
        var (procedure, _) = Self.run(trialCount: 5, seed: 4)
        let before = procedure.result
        procedure.record(difference: Cents(1), correct: false)
        #expect(procedure.result == before)
    }

    @Test func sixtyTrialsRecoverTheListener() {
        let (procedure, _) = Self.run(trialCount: 60, seed: 5)
        #expect(procedure.result.contains(Cents(6)))
        #expect(procedure.result.isConclusive)
    }

    @Test func placementMovesTowardsTheThreshold() {
        // After many correct answers at large differences the next trial is placed lower, and vice versa.
        var easy = ThresholdTestProcedure(noteRange: MIDINote(60)!...MIDINote(60)!)
        var hard = easy
        for _ in 0..<8 {
            easy.record(difference: Cents(20), correct: true)
            hard.record(difference: Cents(20), correct: false)
        }
        #expect(easy.nextDifference < Cents(20))
        #expect(hard.nextDifference > Cents(20))
    }
}
