import Foundation
@testable import PeachApp
import PeachCore
import PeachDisciplines
import PeachPresentation
import PeachTerminal
import PeachTestSupport
@testable import PeachTrainer
import Testing

/// The threshold test as the app runs it: through the registry and the wiring, to its result card.
@MainActor @Suite struct ThresholdTestModeTests {
    /// The cap of the tests here: always answering ↑ is right half the time, so the precision is never reached.
    static let cap = 24

    /// Answers every trial of a test capped at `cap` trials with ↑ as soon as answers are accepted.
    private func runToTheCard(_ f: TrainerFixture) async -> ThresholdTestModeSession? {
        f.settings.currentSettings.thresholdTestStopRule = ThresholdTestStopRule(precision: 2.5, maximumTrials: Self.cap)
        await f.controller.handle(.open(.training(ThresholdTestMode.id)))
        guard let mode = f.controller.modeSession(ThresholdTestMode.id) as? ThresholdTestModeSession else {
            Issue.record("the registry has no threshold test")
            return nil
        }
        for trial in 0..<Self.cap {
            guard await eventually("trial \(trial + 1) answerable", { mode.test.accepts(.answer(up: true)) }) else {
                Issue.record("trial \(trial + 1) never took an answer")
                return nil
            }
            for command in mode.commands(for: .arrow(.up, [])) { await f.controller.handle(command) }
        }
        return mode
    }

    @Test func aFinishedTestShowsItsCardAndGoesToTheStoreAndTheHistoryOnce() async throws {
        let f = TrainerFixture()
        let mode = try #require(await runToTheCard(f))
        let result = try #require(mode.test.result)
        #expect(f.store.thresholdTests == [result])
        #expect(f.controller.profile.thresholdTests == [result], "the profile lists it")
        #expect(f.store.trials.count == Self.cap, "every answer is an ordinary record")
        #expect(f.store.trials.allSatisfy { $0.discipline == .unisonComparison })
        #expect(result.trials == Self.cap)
        #expect(result.conduct == ThresholdTestConduct(precision: 2.5, reachedPrecision: false, startedFromTrainedSlope: false))
        #expect(result.noteRange == f.settings.currentSettings.noteRange)
        // The card stays on the training screen until the user goes back; nothing restarts.
        #expect(f.controller.screen == .training(ThresholdTestMode.id))
        let model = mode.model(ModeScreenContext(warning: nil, knobMoving: false, profile: PerceptualProfile()))
        #expect(model.detail?.contains(result.summary) == true)
        #expect(!model.canAnswer)
        let plain = mode.plainLines(after: PlainProgress(phase: "showingFeedback", finished: Self.cap - 1))
        #expect(plain.last == "threshold test done: \(result.summary). s returns to Start.")
        for command in mode.commands(for: .escape) { await f.controller.handle(command) }
        #expect(f.controller.screen == .start)
        #expect(!mode.test.isTraining)
        #expect(f.store.thresholdTests.count == 1)
    }

    @Test func aTestStoppedHalfwayRecordsNoResult() async throws {
        let f = TrainerFixture()
        await f.controller.handle(.open(.training(ThresholdTestMode.id)))
        let mode = try #require(f.controller.modeSession(ThresholdTestMode.id) as? ThresholdTestModeSession)
        for trial in 0..<5 {
            #expect(await eventually("trial \(trial + 1)") { mode.test.accepts(.answer(up: false)) })
            await f.controller.handle(.input(.answer(higher: false)))
        }
        for command in mode.commands(for: .escape) { await f.controller.handle(command) }
        #expect(f.controller.screen == .start)
        #expect(f.store.thresholdTests.isEmpty && f.controller.profile.thresholdTests.isEmpty)
        #expect(f.store.trials.count == 5)
    }

    /// While it runs, the screen shows the trial and where the interval stands against the goal (plain mode's
    /// "comparison N (…): note 1" line carries the same detail).
    @Test func theRunningTestShowsWhereTheIntervalStands() async throws {
        let f = TrainerFixture()
        f.settings.currentSettings.thresholdTestStopRule = ThresholdTestStopRule(precision: 3, maximumTrials: 40)
        await f.controller.handle(.open(.training(ThresholdTestMode.id)))
        let mode = try #require(f.controller.modeSession(ThresholdTestMode.id) as? ThresholdTestModeSession)
        let context = ModeScreenContext(warning: nil, knobMoving: false, profile: PerceptualProfile())
        #expect(await eventually("trial 1") { mode.test.accepts(.answer(up: true)) })
        let first = mode.model(context)
        #expect(first.detail == "trial 1 of at most 40 · no answers yet (goal ×3.0)")
        for trial in 1..<12 {
            await f.controller.handle(.input(.answer(higher: true)))
            #expect(await eventually("trial \(trial + 1)") { mode.test.accepts(.answer(up: true)) })
        }
        let standing = try #require(mode.test.standing)
        let later = mode.model(context)
        #expect(later.detail == "trial 12 of at most 40 · \(standing.text)")
        #expect(standing.estimate.trials == 11)
    }
}
