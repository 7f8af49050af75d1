import Foundation
@testable import PeachCore
import PeachDisciplines
import PeachTestSupport

struct MockPlayerError: Error, Equatable {}

/// Everything the session asked the player (and the handles it returned) to do, in order.
enum PlayerEvent: Equatable {
    case play(Frequency, Duration, MIDIVelocity, AmplitudeDB)
    case startTunable(Frequency)
    case adjust(Frequency)
    case stopHandle
    case stopAll
    case rest(Duration)
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
    /// Notes started and not yet silenced: a fixed note until it ends by itself, a held one until its handle
    /// stops; `stopAll` silences all. A cancelled fixed note keeps sounding here (a player that ignored the
    /// cancellation), so a test sees whether the session itself silenced it.
    private var soundingNotes: [Int: Frequency] = [:]
    private var nextNoteID = 0
    /// Shifts every presented frequency, to simulate a synth that cannot sound the exact pitch.
    private let presentationShift: (Frequency) -> Cents

    init(clock: ManualClock, presentationShift: @escaping @Sendable (Frequency) -> Cents = { _ in .zero }) {
        self.clock = clock
        self.presentationShift = presentationShift
    }

    var events: [PlayerEvent] { lock.withLock { recorded } }
    /// The frequencies still sounding, in the order they started.
    var sounding: [Frequency] { lock.withLock { soundingNotes.keys.sorted().compactMap { soundingNotes[$0] } } }
    /// Held notes started (reference of a harmonic match or tunable note), in order.
    var heldStarts: [Frequency] {
        events.compactMap { if case .startTunable(let f) = $0 { f } else { nil } }
    }

    private func startSounding(_ frequency: Frequency) -> Int {
        nextNoteID += 1
        soundingNotes[nextNoteID] = frequency
        return nextNoteID
    }

    fileprivate func silence(_ id: Int) { lock.withLock { soundingNotes[id] = nil } }
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
        let (fails, id) = lock.withLock { () -> (Bool, Int) in
            recorded.append(.play(frequency, duration, velocity, amplitudeDB))
            defer { playCallCount += 1 }
            let fails = playCallCount == failingPlayCallIndex
            return (fails, fails ? 0 : startSounding(frequency))
        }
        if fails { throw MockPlayerError() }
        try await clock.sleep(for: duration)
        silence(id)
    }

    func play(frequency: Frequency, velocity: MIDIVelocity, amplitudeDB: AmplitudeDB) async throws -> any PlaybackHandle {
        let fails = lock.withLock { () -> Bool in
            recorded.append(.startTunable(frequency))
            return startFails
        }
        if fails { throw MockPlayerError() }
        let id = lock.withLock { startSounding(frequency) }
        if lock.withLock({ holdsTunableStart }) {
            await withCheckedContinuation { continuation in lock.withLock { heldTunableStart = continuation } }
        }
        return MockPlaybackHandle(player: self, id: id)
    }

    /// Rests on the manual clock, as fixed-duration notes last.
    func rest(for duration: Duration) async throws {
        record(.rest(duration))
        try await clock.sleep(for: duration)
    }

    func stopAll() async throws {
        lock.withLock {
            recorded.append(.stopAll)
            soundingNotes.removeAll()
        }
    }

    func presentedFrequency(for frequency: Frequency) -> Frequency {
        frequency.shifted(by: presentationShift(frequency))
    }

    fileprivate var adjustmentsFail: Bool { lock.withLock { adjustFails } }

    /// Which frequencies the synth sounds on a key calibration did not measure; a held note's handle says the
    /// same of its key when `heldOnUnmeasuredKey` is set (nil: it leaves the answer to the player).
    private var unmeasured: @Sendable (Frequency) -> Bool = { _ in false }
    private var heldOnUnmeasured: Bool?
    func setUnmeasuredKeys(_ isUnmeasured: @escaping @Sendable (Frequency) -> Bool) { lock.withLock { unmeasured = isUnmeasured } }
    func setHeldOnUnmeasuredKey(_ held: Bool?) { lock.withLock { heldOnUnmeasured = held } }
    func soundsOnUnmeasuredKey(_ frequency: Frequency) -> Bool { lock.withLock { unmeasured }(frequency) }
    var heldNoteOnUnmeasuredKey: Bool? { lock.withLock { heldOnUnmeasured } }

    /// A held note that sounds this far from what `presentedFrequency(for:)` says (it is held on another
    /// key, whose pitch steps differ); nil: its handle leaves the answer to the player.
    private var heldShift: Cents?
    func setHeldNoteShift(_ shift: Cents?) { lock.withLock { heldShift = shift } }
    fileprivate func heldPresentation(_ frequency: Frequency) -> Frequency? {
        lock.withLock { heldShift }.map { presentedFrequency(for: frequency).shifted(by: $0) }
    }
}

final class MockPlaybackHandle: PlaybackHandle, @unchecked Sendable {
    private let player: MockNotePlayer
    private let id: Int

    init(player: MockNotePlayer, id: Int) {
        self.player = player
        self.id = id
    }

    func adjustFrequency(_ frequency: Frequency) async throws {
        if player.adjustmentsFail { throw MockPlayerError() }
        player.record(.adjust(frequency))
    }

    func presentedFrequency(for frequency: Frequency) -> Frequency? { player.heldPresentation(frequency) }
    func soundsOnUnmeasuredKey(_ frequency: Frequency) -> Bool? { player.heldNoteOnUnmeasuredKey }

    func stop() async throws {
        player.record(.stopHandle)
        player.silence(id)
    }
}
