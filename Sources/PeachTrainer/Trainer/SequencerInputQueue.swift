import PeachMIDI
import Synchronization

/// Hands sequencer input to the main actor in batches instead of one actor hop per event.
///
/// A task off the main actor reads the sequencer's stream and `push`es every event here; the main
/// actor `take`s everything that arrived since its last turn at once. While the main actor is busy,
/// events pile up here (in order, none dropped) and the next `take` returns them all, so a flood of
/// knob positions costs one hop per batch, not one per position (see `ControllerActionBatch` for
/// how a batch's positions collapse).
public final class SequencerInputQueue: Sendable {
    private struct State {
        var items: [SequencerInput] = []
        var waiter: CheckedContinuation<[SequencerInput]?, Never>?
        var finished = false
    }

    private let state = Mutex(State())

    public init() {}

    /// Appends `input`; wakes a waiting `take`.
    public func push(_ input: SequencerInput) {
        let wake = state.withLock { state -> (CheckedContinuation<[SequencerInput]?, Never>, [SequencerInput])? in
            guard !state.finished else { return nil }
            state.items.append(input)
            guard let waiter = state.waiter else { return nil }
            state.waiter = nil
            defer { state.items.removeAll(keepingCapacity: true) }
            return (waiter, state.items)
        }
        wake.map { $0.0.resume(returning: $0.1) }
    }

    /// No more input: a waiting or later `take` returns what is left, then nil.
    public func finish() {
        let waiter = state.withLock { state -> CheckedContinuation<[SequencerInput]?, Never>? in
            state.finished = true
            defer { state.waiter = nil }
            return state.waiter  // a waiter means nothing is queued
        }
        waiter?.resume(returning: nil)
    }

    /// Everything queued, in arrival order; waits while nothing is. Nil once finished and empty,
    /// or when the calling task is cancelled.
    public func take() async -> [SequencerInput]? {
        if let ready = takeAll() { return ready }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<[SequencerInput]?, Never>) in
                let immediate = state.withLock { state -> [SequencerInput]?? in
                    if !state.items.isEmpty {
                        defer { state.items.removeAll(keepingCapacity: true) }
                        return .some(state.items)
                    }
                    if state.finished || Task.isCancelled { return .some(nil) }
                    state.waiter = continuation
                    return .none
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<[SequencerInput]?, Never>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: nil)
        }
    }

    /// The queued items, or nil when there are none (an empty batch is never handed out).
    private func takeAll() -> [SequencerInput]? {
        state.withLock { state in
            guard !state.items.isEmpty else { return nil }
            defer { state.items.removeAll(keepingCapacity: true) }
            return state.items
        }
    }

    /// Reads `stream` off the main actor into a new queue; the queue finishes when the stream does.
    /// Cancel the returned task to stop reading.
    public static func fed(by stream: AsyncStream<SequencerInput>) -> (queue: SequencerInputQueue, reader: Task<Void, Never>) {
        let queue = SequencerInputQueue()
        let reader = Task.detached {
            for await input in stream { queue.push(input) }
            queue.finish()
        }
        return (queue, reader)
    }
}
