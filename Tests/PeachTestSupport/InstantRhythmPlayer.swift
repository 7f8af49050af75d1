import Foundation
import PeachCore

/// A rhythm player for unit tests: records what is scheduled and cancelled; its queue clock advances only
/// when a test says so, and `waitUntil` returns once the clock has reached the instant (at once when
/// `instant` is true, the default, as if the pattern had just been played).
public final class InstantRhythmPlayer: RhythmPlayer, @unchecked Sendable {
    // @unchecked: every field is behind `lock`.
    private let lock = NSLock()
    private var clock = QueueInstant(nanoseconds: 1_000_000_000)
    private var scheduledClicks: [RhythmClick] = []
    private var cancels = 0
    private var taps = 0
    private var echoing = false
    private let echoes: Bool
    private let instant: Bool
    private var waiting: [(QueueInstant, CheckedContinuation<Void, Never>)] = []
    private let wakeUps: QueueWakeUps

    /// `wakeUps`: the queue's wake-ups the player reports (the clicks are recorded as asked). `echoes`: it sounds
    /// MIDI taps itself when asked to (`echoMIDITaps`), as the MIDI player does on the sequencer thread.
    public init(instant: Bool = true, wakeUps: QueueWakeUps = .exact, echoes: Bool = false) {
        self.instant = instant
        self.echoes = echoes
        self.wakeUps = wakeUps
    }

    public var scheduled: [RhythmClick] { lock.withLock { scheduledClicks } }
    public var cancelCount: Int { lock.withLock { cancels } }
    public var tapSoundCount: Int { lock.withLock { taps } }
    /// Whether MIDI taps are echoed now (asked for, and not cancelled since).
    public var isEchoingMIDITaps: Bool { lock.withLock { echoing } }

    /// Moves the queue clock on; waits that are due return.
    public func advance(by duration: Duration) {
        let due = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            clock = clock + duration
            let now = clock
            let due = waiting.filter { $0.0 <= now }.map(\.1)
            waiting.removeAll { $0.0 <= now }
            return due
        }
        due.forEach { $0.resume() }
    }

    public func queueNow() async throws -> QueueInstant { lock.withLock { clock } }

    public func queueWakeUps() async throws -> QueueWakeUps { wakeUps }

    public func schedule(_ clicks: [RhythmClick]) async throws { lock.withLock { scheduledClicks += clicks } }

    public func waitUntil(_ instant: QueueInstant) async throws {
        if self.instant { return }
        await withCheckedContinuation { continuation in
            let ready = lock.withLock { () -> Bool in
                if clock >= instant { return true }
                waiting.append((instant, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    public func cancelScheduled() async throws {
        let released = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            cancels += 1
            echoing = false
            defer { waiting.removeAll() }
            return waiting.map(\.1)
        }
        released.forEach { $0.resume() }
    }

    public func playTapSound() async throws { lock.withLock { taps += 1 } }

    public func echoMIDITaps(_ echo: Bool) async throws -> Bool {
        lock.withLock {
            echoing = echo && echoes
            return echoing
        }
    }
}
