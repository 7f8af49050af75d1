import Observation
import PeachCore
import PeachMIDI

/// Runs the trainer until the user quits, a terminating signal arrives or input ends: feeds keys,
/// MIDI and signals to the controller and redraws whenever something the interface read changed
/// (observation, not polling: waiting for an answer costs no CPU).
@MainActor
public final class TrainerRunner {
    public struct Hooks {
        /// Sequencer input that arrived since the last call, in order (see `SequencerInputQueue`):
        /// announcements go to the output service, the rest to the controller (`SequencerInputRouter`).
        public var sequencerInput: @MainActor ([SequencerInput]) async -> Void
        /// Ctrl-Z or hang-up: publish `suspended` so both sessions and the output stop at once.
        public var suspended: @MainActor () async -> Void

        public init(sequencerInput: @escaping @MainActor ([SequencerInput]) async -> Void = { _ in },
                    suspended: @escaping @MainActor () async -> Void = {}) {
            self.sequencerInput = sequencerInput
            self.suspended = suspended
        }
    }

    private let controller: TrainerController
    private let interface: any TrainerInterface
    private let hooks: Hooks
    private var exitStatus: Int32 = 0
    private var finished = false
    private var wakeRenderer: CheckedContinuation<Void, Never>?

    public init(controller: TrainerController, interface: any TrainerInterface, hooks: Hooks = Hooks()) {
        self.controller = controller
        self.interface = interface
        self.hooks = hooks
    }

    /// Returns the exit status: 0 after quit or end of input, 128 + n after a terminating signal.
    public func run(keyboard: AsyncStream<UserInput>, sequencer: AsyncStream<SequencerInput>? = nil,
                    signals: AsyncStream<ProcessSignal>? = nil) async -> Int32 {
        let sequencer = sequencer ?? AsyncStream(unfolding: { nil })
        let signals = signals ?? AsyncStream(unfolding: { nil })
        // The sequencer is read off the main actor; the main actor takes what arrived in batches.
        let (queue, reader) = SequencerInputQueue.fed(by: sequencer)
        defer { reader.cancel() }
        let tasks = [
            Task { for await input in keyboard { await typed(input) }; await finish(status: 0) },
            Task { while let batch = await queue.take() { await hooks.sequencerInput(batch) } },
            Task { for await signal in signals { await received(signal) } },
        ]
        while !finished {
            await withCheckedContinuation { continuation in
                wakeRenderer = continuation
                withObservationTracking { interface.render(controller) } onChange: { [weak self] in
                    Task { @MainActor in self?.wake() }
                }
            }
        }
        tasks.forEach { $0.cancel() }
        return exitStatus
    }

    private func wake() {
        wakeRenderer?.resume()
        wakeRenderer = nil
    }

    private func typed(_ input: UserInput) async {
        for command in interface.commands(from: input, in: controller) {
            if command == .redraw { interface.render(controller); continue }
            if command == .suspend { await received(.terminalStop); continue }
            await controller.handle(command)
            if controller.quitRequested { await finish(status: 0); return }
        }
    }

    private func received(_ signal: ProcessSignal) async {
        switch signal {
        case .interrupt, .terminate, .hangUp:
            if signal == .hangUp { await hooks.suspended() }
            await controller.handle(.quit)
            await finish(status: signal.exitStatus)
        case .terminalStop:
            await hooks.suspended()
            await controller.handle(.back)
            interface.suspend()
        case .resumed, .windowChanged:
            interface.resume()
            interface.render(controller)
        }
    }

    private func finish(status: Int32) async {
        guard !finished else { return }
        if !controller.quitRequested { await controller.handle(.quit) }
        exitStatus = status
        finished = true
        wake()
    }
}
