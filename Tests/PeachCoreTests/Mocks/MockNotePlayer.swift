import Foundation
@testable import PeachCore

struct MockPlayerError: Error, Equatable {}

/// Everything the session asked the player (and the handles it returned) to do, in order.
enum PlayerEvent: Equatable {
    case play(Frequency, Duration, MIDIVelocity, AmplitudeDB)
    case startTunable(Frequency)
    case adjust(Frequency)
    case stopHandle
    case stopAll
}

/// A NotePlayer whose fixed-duration notes last until the test advances the manual clock.
final class MockNotePlayer: NotePlayer, @unchecked Sendable {
    private let lock = NSLock()
    private let clock: ManualClock
    private var recorded: [PlayerEvent] = []
    private var failingPlayCallIndex: Int?
    private var playCallCount = 0
    private var startFails = false
    private var adjustFails = false
    private var holdsTunableStart = false
    private var heldTunableStart: CheckedContinuation<Void, Never>?
    /// Shifts every presented frequency, to simulate a synth that cannot sound the exact pitch.
    private let presentationShift: (Frequency) -> Cents

    init(clock: ManualClock, presentationShift: @escaping @Sendable (Frequency) -> Cents = { _ in .zero }) {
        self.clock = clock
        self.presentationShift = presentationShift
    }

    var events: [PlayerEvent] { lock.withLock { recorded } }
    var stopAllCount: Int { events.filter { $0 == .stopAll }.count }
    var handleStopCount: Int { events.filter { $0 == .stopHandle }.count }
    var playedFrequencies: [Frequency] {
        events.compactMap { if case .play(let f, _, _, _) = $0 { f } else { nil } }
    }
    var playCalls: [(frequency: Frequency, duration: Duration, velocity: MIDIVelocity, amplitude: AmplitudeDB)] {
        events.compactMap { if case .play(let f, let d, let v, let a) = $0 { (f, d, v, a) } else { nil } }
    }
    var adjustments: [Frequency] {
        events.compactMap { if case .adjust(let f) = $0 { f } else { nil } }
    }

    /// The fixed-duration play call number `index` (0-based) throws.
    func failPlay(atCall index: Int) { lock.withLock { failingPlayCallIndex = index } }
    func failStartingTunableNotes() { lock.withLock { startFails = true } }
    func failAdjustments() { lock.withLock { adjustFails = true } }

    /// The next tunable note does not start (and ignores cancellation) until `releaseTunableStart()`.
    func holdTunableStart() { lock.withLock { holdsTunableStart = true } }
    var isHoldingTunableStart: Bool { lock.withLock { heldTunableStart != nil } }
    func releaseTunableStart() {
        let held = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            holdsTunableStart = false
            defer { heldTunableStart = nil }
            return heldTunableStart
        }
        held?.resume()
    }

    func record(_ event: PlayerEvent) { lock.withLock { recorded.append(event) } }

    func play(frequency: Frequency, duration: Duration, velocity: MIDIVelocity, amplitudeDB: AmplitudeDB) async throws {
        let fails = lock.withLock { () -> Bool in
            recorded.append(.play(frequency, duration, velocity, amplitudeDB))
            defer { playCallCount += 1 }
            return playCallCount == failingPlayCallIndex
        }
        if fails { throw MockPlayerError() }
        try await clock.sleep(for: duration)
    }

    func play(frequency: Frequency, velocity: MIDIVelocity, amplitudeDB: AmplitudeDB) async throws -> any PlaybackHandle {
        let fails = lock.withLock { () -> Bool in
            recorded.append(.startTunable(frequency))
            return startFails
        }
        if fails { throw MockPlayerError() }
        if lock.withLock({ holdsTunableStart }) {
            await withCheckedContinuation { continuation in lock.withLock { heldTunableStart = continuation } }
        }
        return MockPlaybackHandle(player: self)
    }

    func stopAll() async throws { record(.stopAll) }

    func presentedFrequency(for frequency: Frequency) -> Frequency {
        frequency.shifted(by: presentationShift(frequency))
    }

    fileprivate var adjustmentsFail: Bool { lock.withLock { adjustFails } }
}

final class MockPlaybackHandle: PlaybackHandle, @unchecked Sendable {
    private let player: MockNotePlayer

    init(player: MockNotePlayer) { self.player = player }

    func adjustFrequency(_ frequency: Frequency) async throws {
        if player.adjustmentsFail { throw MockPlayerError() }
        player.record(.adjust(frequency))
    }

    func stop() async throws { player.record(.stopHandle) }
}
