import PeachMIDI

/// Where sequencer input goes, one batch at a time (the app's one route, also driven by the latency
/// benchmark): announcements to `announce` (the output service), controller MIDI to the trainer as
/// runs, so the trainer can collapse a run's knob positions. Order across the two is kept: an
/// announcement between two controller messages is handled between them.
@MainActor
public struct SequencerInputRouter {
    public let controller: TrainerController
    public let announce: @MainActor (AnnounceEvent) async -> Void

    public init(controller: TrainerController, announce: @escaping @MainActor (AnnounceEvent) async -> Void) {
        self.controller = controller
        self.announce = announce
    }

    public func deliver(_ batch: [SequencerInput]) async {
        var run: [SequencerInput] = []
        for input in batch {
            guard case .announce(let event) = input else {
                run.append(input)
                continue
            }
            if !run.isEmpty {
                await controller.handleMIDI(run)
                run.removeAll()
            }
            await announce(event)
        }
        if !run.isEmpty { await controller.handleMIDI(run) }
    }

    /// Delivers every batch `queue` hands out until it finishes or the task is cancelled.
    public func run(_ queue: SequencerInputQueue) async {
        while let batch = await queue.take() { await deliver(batch) }
    }
}
