import Foundation
import Testing
import PeachCore
import PeachTestSupport

@Suite struct QuietBreakScheduleTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func schedule(enabled: Bool = true) -> QuietBreakSchedule {
        QuietBreakSchedule(settings: .init(enabled: enabled))
    }

    func minutes(_ m: Double) -> TimeInterval { m * 60 }

    @Test func offByDefault() {
        var s = QuietBreakSchedule()
        s.trainingStarted(at: start)
        #expect(s.status(at: start.addingTimeInterval(minutes(100))) == .off)
    }

    @Test func countsDownFromTheFirstTrainingStart() {
        var s = schedule()
        #expect(s.status(at: start) == .idle)
        s.trainingStarted(at: start)
        #expect(s.status(at: start.addingTimeInterval(minutes(10))) == .dueIn(.seconds(minutes(15))))
        // A second start (after Esc and start again) does not reset the countdown.
        s.trainingStarted(at: start.addingTimeInterval(minutes(20)))
        #expect(s.status(at: start.addingTimeInterval(minutes(24))) == .dueIn(.seconds(minutes(1))))
        #expect(s.status(at: start.addingTimeInterval(minutes(25))) == .due)
    }

    @Test func aSleepPastTheBreakMakesItDueAtOnce() {
        var s = schedule()
        s.trainingStarted(at: start)
        // The machine slept for two hours: the wall clock jumped.
        #expect(s.status(at: start.addingTimeInterval(minutes(145))) == .due)
    }

    @Test func aShortJumpForwardOnlyShortensTheRemainingTime() {
        var s = schedule()
        s.trainingStarted(at: start)
        #expect(s.status(at: start.addingTimeInterval(minutes(20.5))) == .dueIn(.seconds(minutes(4.5))))
    }

    @Test func breakCountsDownThenIsOverAndTheNextCycleStartsWithTraining() {
        var s = schedule()
        s.trainingStarted(at: start)
        let breakStart = start.addingTimeInterval(minutes(25))
        s.breakStarted(at: breakStart)
        #expect(s.status(at: breakStart.addingTimeInterval(minutes(2))) == .onBreak(remaining: .seconds(minutes(3))))
        #expect(s.status(at: breakStart.addingTimeInterval(minutes(5))) == .breakOver)
        // Training during the break screen is impossible: a start does not restart the countdown.
        s.trainingStarted(at: breakStart.addingTimeInterval(minutes(1)))
        #expect(s.status(at: breakStart.addingTimeInterval(minutes(6))) == .breakOver)
        s.breakFinished()
        #expect(s.status(at: breakStart.addingTimeInterval(minutes(6))) == .idle)
        s.trainingStarted(at: breakStart.addingTimeInterval(minutes(7)))
        #expect(s.status(at: breakStart.addingTimeInterval(minutes(8))) == .dueIn(.seconds(minutes(24))))
    }

    @Test func snoozeWorksOncePerCycle() {
        var s = schedule()
        s.trainingStarted(at: start)
        let due = start.addingTimeInterval(minutes(25))
        let firstSnooze = s.snooze(at: due)
        #expect(firstSnooze)
        #expect(s.status(at: due.addingTimeInterval(minutes(4))) == .dueIn(.seconds(minutes(1))))
        let secondSnooze = s.snooze(at: due.addingTimeInterval(minutes(5)))
        #expect(!secondSnooze)
        #expect(s.status(at: due.addingTimeInterval(minutes(5))) == .due)
        s.breakStarted(at: due.addingTimeInterval(minutes(5)))
        s.breakFinished()
        s.trainingStarted(at: due.addingTimeInterval(minutes(11)))
        let nextCycleSnooze = s.snooze(at: due.addingTimeInterval(minutes(36)))
        #expect(nextCycleSnooze)
    }
}
