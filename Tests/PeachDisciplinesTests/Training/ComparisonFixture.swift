import Foundation
import Testing
@testable import PeachCore
import PeachDisciplines
import PeachTestSupport

/// A ComparisonSession wired to mocks, with helpers that move it through its states on the manual clock.
@MainActor
struct ComparisonFixture {
    let clock = ManualClock()
    let player: MockNotePlayer
    let settings: MockSettingsSource
    let strategy: MockComparisonStrategy
    let observer = MockComparisonObserver()
    let logger = RecordingLogger()
    let interruptions = MockInterruptionSource()
    let session: ComparisonSession

    init(settings: TrainingSettings = .defaults, offsets: [Cents] = [Cents(30), Cents(-20), Cents(10), Cents(-5)],
         presentationShift: @escaping @Sendable (Frequency) -> Cents = { _ in .zero }) {
        player = MockNotePlayer(clock: clock, presentationShift: presentationShift)
        self.settings = MockSettingsSource(settings)
        strategy = MockComparisonStrategy(offsets: offsets)
        session = ComparisonSession(notePlayer: player, profile: PerceptualProfile(), settings: self.settings,
                                    strategy: strategy, clock: clock, logger: logger,
                                    interruptions: interruptions, observers: [observer])
        observer.session = session
    }

    /// Lets the sounding fixed-duration note (or the feedback) reach its sleep, then ends it.
    func finishCurrentWait(after duration: Duration) async {
        await waitUntil("a pending sleep") { clock.pendingSleepCount == 1 }
        clock.advance(by: duration)
    }

    func drive(to target: ComparisonSessionState) async {
        session.start()
        if target == .playingNote1 {
            await waitUntil("note 1 sounding") { player.playCalls.count == 1 && clock.pendingSleepCount == 1 }
            return
        }
        await finishCurrentWait(after: settings.currentSettings.noteDuration)
        await waitUntil("note 2 sounding") { session.state == .playingNote2 && clock.pendingSleepCount == 1 }
        if target == .playingNote2 { return }
        await finishCurrentWait(after: settings.currentSettings.noteDuration)
        await waitUntil("awaiting answer") { session.state == .awaitingAnswer }
        if target == .awaitingAnswer { return }
        session.answer(higher: true)
        await waitUntil("feedback sleeping") { clock.pendingSleepCount == 1 }
    }
}
