import Foundation
import Observation
import PeachText

/// The plumbing every training session shares (the core's and each discipline's own), written once: the trial token, the running trial and
/// feedback tasks, the chain of silencing calls, interruptions, observers and failure handling.
///
/// Every asynchronous step carries the token of the trial it belongs to; `halt`, a new trial and failures
/// advance the token, so a step resuming after them changes nothing even if the player ignores cancellation.
@MainActor @Observable
public final class TrialLoop {
    /// Why training stopped by itself (player failure, interruption); nil after `begin`.
    public private(set) var statusMessage: String?

    @ObservationIgnored public let clock: any TrainingClock
    @ObservationIgnored public let logger: any PeachLogger
    @ObservationIgnored private let modeName: String
    @ObservationIgnored private let interruptionSource: (any InterruptionSource)?
    @ObservationIgnored private var observers: [any TrainingObserver]
    @ObservationIgnored private let interruptions = InterruptionMonitor()
    /// Stops the owning session (its own state and silencing); set by the session right after init.
    @ObservationIgnored public var stopSession: @MainActor () -> Void = {}

    @ObservationIgnored public private(set) var token = 0
    @ObservationIgnored private var trialTask: Task<Void, Never>?
    @ObservationIgnored private var feedbackTask: Task<Void, Never>?
    /// The silencing started last; the next trial waits for it so it cannot cut the new note.
    @ObservationIgnored private(set) var pendingCleanup: Task<Void, Never>?

    /// `modeName` starts log lines: the mode's title.
    public init(modeName: String, clock: any TrainingClock, logger: any PeachLogger,
         interruptions: (any InterruptionSource)?, observers: [any TrainingObserver]) {
        self.modeName = modeName
        self.clock = clock
        self.logger = logger
        self.interruptionSource = interruptions
        self.observers = observers
    }

    public func addObserver(_ observer: any TrainingObserver) {
        observers.append(observer)
    }

    /// A run starts: the old reason is cleared and interruptions stop the session from now on.
    public func begin() {
        statusMessage = nil
        interruptions.start(interruptionSource, logger: logger) { [weak self] event in
            self?.stopSession()
            self?.statusMessage = event.stopMessage
        }
    }

    @discardableResult
    public func advance() -> Int {
        token &+= 1
        return token
    }

    public func isCurrent(_ candidate: Int) -> Bool { candidate == token }

    /// Runs one trial's notes with a fresh token, after the previous silencing has finished.
    /// A failure while the trial is still current stops training with a message.
    public func runTrial(_ body: @escaping @MainActor (_ token: Int) async throws -> Void) {
        let trialToken = advance()
        let cleanup = pendingCleanup
        trialTask = Task {
            await cleanup?.value
            guard self.isCurrent(trialToken) else { return }
            do {
                try await body(trialToken)
            } catch {
                // Cancelled by an answer or stop: nothing to do. Otherwise the player failed.
                guard self.isCurrent(trialToken) else { return }
                self.fail(error)
            }
        }
    }

    /// The trial's notes are no longer wanted (answered early).
    public func cancelTrial() {
        trialTask?.cancel()
        trialTask = nil
    }

    /// Feedback for `TrainingSettings.feedbackDuration` after `prepare` (e.g. cutting a note still
    /// sounding), then `next` — unless the session stopped or moved on meanwhile.
    public func feedback(token feedbackToken: Int, prepare: (@MainActor () async throws -> Void)? = nil,
                  then next: @escaping @MainActor () -> Void) {
        let cleanup = pendingCleanup
        feedbackTask = Task {
            await cleanup?.value
            do {
                try await prepare?()
                try await self.clock.sleep(for: TrainingSettings.feedbackDuration)
            } catch {
                guard self.isCurrent(feedbackToken) else { return }
                self.fail(error)
                return
            }
            guard self.isCurrent(feedbackToken) else { return }
            next()
        }
    }

    /// Ends everything in flight: no trial step, feedback or interruption acts after this.
    public func halt() {
        advance()
        trialTask?.cancel()
        feedbackTask?.cancel()
        trialTask = nil
        feedbackTask = nil
        interruptions.cancel()
    }

    /// Runs a silencing call after the previous one; failures are logged (training is over or moving on).
    public func silence(_ operation: @escaping @Sendable () async throws -> Void) {
        let previous = pendingCleanup
        pendingCleanup = Task { [logger, modeName] in
            await previous?.value
            do {
                try await operation()
            } catch {
                logger.log(.warning, tr(.logSilencingFailed, ["mode": modeName, "error": "\(error)"]))
            }
        }
    }

    /// Finishes when every silencing started so far has returned (await it before quitting).
    public var settled: Task<Void, Never> { pendingCleanup ?? Task {} }

    /// Tells every observer, in order; a failing observer is logged and the others still hear of it.
    public func notify(_ trial: any CompletedTrial) {
        for observer in observers {
            do {
                try observer.trialCompleted(trial)
            } catch {
                logger.log(.error, tr(.logObserverFailed, ["mode": modeName, "error": "\(error)"]))
            }
        }
    }

    public func fail(_ error: any Error) {
        logger.log(.error, tr(.logNotePlayerFailed, ["mode": modeName, "error": "\(error)"]))
        stopSession()
        statusMessage = tr(.stoppedSynthFailed, ["error": "\(error)"])
    }
}
