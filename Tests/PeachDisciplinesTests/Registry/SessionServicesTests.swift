import Foundation
import Testing
@testable import PeachCore
import PeachDisciplines
import PeachTestSupport

/// The services a mode takes from the composition root, by type: offered once, taken by the modes that name
/// them, and both matching modes (pitch and interval) route the tuning controls to their tunable note.
@Suite @MainActor struct SessionServicesTests {
    @MainActor final class RecordingTuningControls: TunableNoteObserver {
        var targets: [Frequency] = []
        func tunableNoteStarted(_ handle: any PlaybackHandle, target: Frequency, trialNumber: Int) { targets.append(target) }
    }

    static func dependencies(clock: ManualClock, services: SessionServices) -> SessionDependencies {
        var settings = TrainingSettings.defaults
        settings.intervals = try! IntervalSelection.parse("P5").get()
        return SessionDependencies(notePlayer: MockNotePlayer(clock: clock), rhythmPlayer: InstantRhythmPlayer(),
                                   profile: PerceptualProfile(), settings: MockSettingsSource(settings), clock: clock,
                                   logger: RecordingLogger(), interruptions: MockInterruptionSource(), observers: [],
                                   services: services)
    }

    @Test func aServiceIsTakenByTheTypeItIsOfferedAs() {
        var services = SessionServices()
        let controls = RecordingTuningControls()
        #expect(!services.offers(.of((any TunableNoteObserver).self)))
        services.offer(controls as any TunableNoteObserver)
        let latencies = TimingLatencies()
        services.offer(latencies)
        #expect(services.offers(.of((any TunableNoteObserver).self)))
        #expect(services[(any TunableNoteObserver).self] === controls)
        #expect(services[RecordingTuningControls.self] == nil, "offered as the protocol, not as its class")
        #expect(services[TimingLatencies.self] === latencies)
    }

    @Test func everyModeThatTunesANoteTakesTheTuningControls() {
        let tuning = Disciplines.modes.filter { $0.services.contains(.of((any TunableNoteObserver).self)) }.map(\.id)
        #expect(Set(tuning) == [PitchMatchingMode.id, IntervalMatchingMode.id])
    }

    @Test(arguments: [PitchMatchingMode.id, IntervalMatchingMode.id])
    func theTuningControlsHearOfEveryTunableNote(_ id: TrainingModeID) async {
        let clock = ManualClock()
        let controls = RecordingTuningControls()
        var services = SessionServices()
        services.offer(controls as any TunableNoteObserver)
        let mode = Disciplines.modes.first { $0.id == id }!
        let session = mode.makeSession(Self.dependencies(clock: clock, services: services)).session
        session.start()
        await waitUntil("reference") { clock.pendingSleepCount == 1 }
        clock.advance(by: .seconds(1))
        await waitUntil("tunable note") { !controls.targets.isEmpty }
        #expect(controls.targets.count == 1)
        await session.stop().value
    }
}
