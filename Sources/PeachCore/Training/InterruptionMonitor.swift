import PeachText

/// Listens to an injected `InterruptionSource` while a session runs and stops it on events that stop
/// training. Never resumes anything: the user starts training again.
@MainActor
final class InterruptionMonitor {
    private var task: Task<Void, Never>?

    /// Subscribes synchronously, so events delivered right after `start` are not lost.
    func start(_ source: (any InterruptionSource)?, logger: any PeachLogger,
               onStop: @escaping @MainActor (InterruptionEvent) -> Void) {
        cancel()
        guard let source else { return }
        let events = source.events()
        task = Task {
            for await event in events {
                if event.stopsTraining {
                    logger.log(.info, "Interruption \(event): stopping training")
                    onStop(event)
                } else {
                    logger.log(.debug, "Interruption \(event): training continues")
                }
            }
        }
    }

    func cancel() {
        task?.cancel()
        task = nil
    }
}

extension InterruptionEvent {
    /// What the UI shows after this event stopped training.
    var stopMessage: String {
        switch self {
        case .suspended: tr(.stoppedSuspended)
        case .outputLost(let reason): tr(.stoppedSynthWentAway, ["reason": reason])
        case .interrupted: tr(.stoppedAudioInterrupted)
        case .interruptionEnded, .outputAvailable: ""
        }
    }
}
