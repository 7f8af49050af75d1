import Foundation
import Testing
@testable import PeachCore
import PeachDisciplines
import PeachTestSupport

/// A PitchMatchingSession wired to mocks, with helpers that move it through its states on the manual clock.
@MainActor
struct PitchMatchingFixture {
    let clock = ManualClock()
    let player: MockNotePlayer
    let settings: MockSettingsSource
    let observer = MockPitchMatchingObserver()
    let logger = RecordingLogger()
    let interruptions = MockInterruptionSource()
    let session: PitchMatchingSession

    init(settings: TrainingSettings = .defaults, seed: UInt64 = 7) {
        player = MockNotePlayer(clock: clock)
        self.settings = MockSettingsSource(settings)
        session = PitchMatchingSession(notePlayer: player, settings: self.settings, clock: clock, logger: logger,
                                       interruptions: interruptions, observers: [observer],
                                       random: SeededRandom(seed: seed))
        observer.session = session
    }

    var reference: ReferencePitch { settings.currentSettings.referencePitch }

    func drive(to target: PitchMatchingSessionState) async {
        session.start()
        await waitUntil("reference sounding") { clock.pendingSleepCount == 1 }
        if target == .playingReference { return }
        clock.advance(by: settings.currentSettings.noteDuration)
        await waitUntil("tunable sounding") { session.state == .playingTunable }
        if target == .playingTunable { return }
        session.commit()
        await waitUntil("feedback sleeping") { clock.pendingSleepCount == 1 }
    }
}
