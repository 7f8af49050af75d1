import Foundation
import Observation
import PeachCore

/// Quiet breaks around training: after a finished trial, a due break stops training (through
/// `breakBegan`), pauses the output and counts down once a second; snoozing postpones it once.
@MainActor @Observable
public final class BreakCoordinator: TrainingObserver {
    public private(set) var schedule: QuietBreakSchedule
    /// Refreshed once a second while a break runs.
    public private(set) var now: Date
    /// Whether the break screen should be up.
    public private(set) var isOnBreak = false

    @ObservationIgnored private let clock: any TrainingClock
    @ObservationIgnored private let output: any TrainingOutput
    @ObservationIgnored private var countdown: Task<Void, Never>?
    /// Stops the sessions when a break begins; set once by the trainer that owns this coordinator.
    @ObservationIgnored var breakBegan: @MainActor () -> Void = {}

    public init(schedule: QuietBreakSchedule, clock: any TrainingClock, output: any TrainingOutput) {
        self.schedule = schedule
        self.clock = clock
        self.output = output
        self.now = clock.now()
    }

    public var settings: QuietBreakSchedule.Settings {
        get { schedule.settings }
        set { schedule.settings = newValue }
    }

    /// Whether a break holds training off right now (a start goes to the break screen instead).
    public var blocksTraining: Bool {
        if case .onBreak = schedule.status(at: clock.now()) { return true }
        return false
    }

    public func trainingStarted() {
        schedule.trainingStarted(at: clock.now())
    }

    /// The time left, for the break screen.
    public var remaining: Duration {
        if case .onBreak(let left) = schedule.status(at: now) { return left }
        return .zero
    }

    public func trialCompleted(_ trial: any CompletedTrial) throws {
        guard schedule.status(at: clock.now()) == .due else { return }
        breakBegan()
        schedule.breakStarted(at: clock.now())
        isOnBreak = true
        let output = output
        Task { await output.pause(.quietBreak) }
        runCountdown()
    }

    /// Postpones the break once; returns false (and keeps it) when it was snoozed already.
    @discardableResult
    public func snooze() -> Bool {
        guard schedule.snooze(at: clock.now()) else { return false }
        countdown?.cancel()
        isOnBreak = false
        return true
    }

    /// A start was refused during a break: the break screen comes back, counting down.
    public func showBreak() {
        isOnBreak = true
        runCountdown()
    }

    private func runCountdown() {
        countdown?.cancel()
        countdown = Task { [weak self, clock] in
            while !Task.isCancelled {
                guard let self else { return }
                self.now = clock.now()
                if self.schedule.status(at: self.now) == .breakOver {
                    self.schedule.breakFinished()
                    self.isOnBreak = false
                    return
                }
                try? await clock.sleep(for: .seconds(1))
            }
        }
    }
}
