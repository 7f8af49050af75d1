@testable import PeachCore
import PeachDisciplines
import PeachTestSupport

/// Records completions and, at each, what the session's state was (to prove observers run first).
@MainActor
final class MockComparisonObserver: TrainingObserver {
    var completed: [CompletedComparison] = []
    var statesSeen: [ComparisonSessionState] = []
    var fails = false
    var onCompleted: (() -> Void)?
    weak var session: ComparisonSession?

    func trialCompleted(_ trial: any CompletedTrial) throws {
        guard let completed = trial as? CompletedComparison else { return }
        self.completed.append(completed)
        if let session { statesSeen.append(session.state) }
        onCompleted?()
        if fails { throw ObserverFailure() }
    }
}

@MainActor
final class MockPitchMatchingObserver: TrainingObserver {
    var completed: [CompletedPitchMatching] = []
    var statesSeen: [PitchMatchingSessionState] = []
    var fails = false
    weak var session: PitchMatchingSession?

    func trialCompleted(_ trial: any CompletedTrial) throws {
        guard let completed = trial as? CompletedPitchMatching else { return }
        self.completed.append(completed)
        if let session { statesSeen.append(session.state) }
        if fails { throw ObserverFailure() }
    }
}

/// Hands out scripted comparisons on the lowest note of the live range and records what it was given.
@MainActor
final class MockComparisonStrategy: ComparisonStrategy {
    var offsets: [Cents]
    private(set) var receivedSettings: [TrainingSettings] = []
    private(set) var receivedLast: [CompletedComparison?] = []

    init(offsets: [Cents] = [Cents(30), Cents(-20), Cents(10), Cents(-5)]) { self.offsets = offsets }

    func nextComparison(profile: PerceptualProfile, settings: TrainingSettings,
                        last: CompletedComparison?) -> Comparison {
        let offset = offsets[receivedSettings.count % offsets.count]
        receivedSettings.append(settings)
        receivedLast.append(last)
        return Comparison(referenceNote: settings.noteRange.lowerBound, centOffset: offset)
    }
}
