import Foundation
@testable import PeachApp
import PeachCore
import PeachDisciplines
import PeachTestSupport
@testable import PeachTrainer
import Testing

/// Comparison training as the composition root wires it places every 2nd trial (the default) where the estimator learns
/// most about the threshold now.
@MainActor @Suite struct ComparisonMeasurementTrialsTests {
    private func answered(_ f: TrainerFixture, count: Int) async -> [ComparisonRecord] {
        await f.controller.handle(.open(.training(ComparisonMode.id)))
        guard let mode = f.controller.modeSession(ComparisonMode.id) else { return [] }
        for trial in 0..<count {
            #expect(await eventually("trial \(trial + 1)") { mode.accepts(.answer(higher: true)) })
            await f.controller.handle(.input(.answer(higher: true)))
        }
        await f.controller.handle(.back)
        return f.store.trials.compactMap { $0.comparisonRecord }
    }

    @Test func theFourthTrialIsPlacedByTheEstimatorsThresholdNow() async throws {
        let f = TrainerFixture()
        let trials = await answered(f, count: 8)
        #expect(trials.count == 8)
        // What the wired tracker knew before trials 4 and 8: the trials before them, pooled and followed to now.
        for measured in [3, 7] {
            let tracker = PooledThresholds(trials: trials.prefix(measured).map {
                ThresholdTrial($0)
            })
            var progress = ThresholdProgress()
            for trial in trials.prefix(measured) { progress.add(ThresholdTrial(trial), at: trial.timestamp) }
            progress.refresh()
            let note = trials[measured].referenceNote
            let level = try #require(PlacementLevel(pooled: tracker, now: progress.nowMasses))
            let expected = InformationGainPlacement.bestDifference(for: level.posterior(for: note),
                                                                   within: ThresholdTestProcedure.defaultDifferenceBounds)
            #expect(trials[measured].intendedCentOffset.magnitude == expected, "trial \(measured + 1)")
        }
    }

    @Test func withMeasurementTrialsOffEveryTrialIsKazez() async {
        let f = TrainerFixture()
        f.settings.currentSettings.measurementTrialPeriod = 0
        let trials = await answered(f, count: 5)
        // All answered up; the Kazez chain from the bootstrap: each difference follows from the one before.
        for index in 1..<trials.count {
            let previous = trials[index - 1]
            let expected = KazezRule.next(after: previous.intendedCentOffset, wasCorrect: previous.isCorrect,
                                          within: f.settings.currentSettings.centDifferenceBounds)
            #expect(trials[index].intendedCentOffset.magnitude == expected.magnitude, "trial \(index + 1)")
        }
    }
}
