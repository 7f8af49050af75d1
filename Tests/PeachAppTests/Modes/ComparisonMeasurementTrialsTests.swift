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

    /// What the wired tracker knew before trial `index` (0-based): the trials before it, pooled on unison comparison's
    /// grid and followed to now, as placement reads them for that trial's note.
    static func placementPosterior(before index: Int, of trials: [ComparisonRecord]) throws -> ThresholdPosterior {
        let earlier = trials.prefix(index)
        let tracker = PooledThresholds(trials: earlier.map { ThresholdTrial($0) }, grid: .lapseProbed)
        var progress = ThresholdProgress(grid: .lapseProbed)
        for trial in earlier { progress.add(ThresholdTrial(trial), at: trial.timestamp) }
        progress.refresh()
        let level = try #require(PlacementLevel(pooled: tracker, now: progress.nowMasses))
        return level.posterior(for: trials[index].referenceNote)
    }

    @Test func theFourthTrialIsPlacedByTheEstimatorsThresholdNow() async throws {
        let f = TrainerFixture()
        let trials = await answered(f, count: 20)
        #expect(trials.count == 20)
        for measured in [3, 7] {
            let expected = InformationGainPlacement.bestDifference(for: try Self.placementPosterior(before: measured, of: trials),
                                                                   within: ThresholdTestProcedure.defaultDifferenceBounds)
            #expect(trials[measured].intendedCentOffset.magnitude == expected, "trial \(measured + 1)")
        }
        // Trial 20, the 10th measurement slot, is a lapse probe: four times the upper end of the threshold's interval
        // now, within the settings' bounds.
        let probe = MeasurementTrialPlanner.probeDifference(for: try Self.placementPosterior(before: 19, of: trials),
                                                            within: f.settings.currentSettings.centDifferenceBounds)
        #expect(trials[19].intendedCentOffset.magnitude == probe)
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
