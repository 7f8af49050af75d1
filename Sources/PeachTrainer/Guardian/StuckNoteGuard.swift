import PeachALSA
import PeachCore
import PeachMIDI
import PeachPresentation
import PeachTerminal
import PeachText
import Synchronization

/// Keeps a silence ready for every way Peach can end without its orderly shutdown (the orderly
/// ways — quit, SIGINT/SIGTERM/SIGHUP — silence the synth themselves and then `cleanExit()`):
/// - a crash (SIGSEGV, SIGABRT, ...): the crash handler writes `EmergencySilence`'s pre-encoded
///   events on the sequencer, then dies with the same signal;
/// - SIGKILL, the OOM killer: the guardian process sees Peach's sequencer client go (or its link
///   close) and sends the same silence from its own client, then ends the FluidSynth Peach started.
/// Both learn the plan from here: the keys from the `SoundingNoteTracker` under the output
/// service, the destination from the service's state, the channels once. See docs/stuck-notes.md.
public final class StuckNoteGuard: Sendable {
    private let sequencer: ALSASequencer
    private let link: GuardianLink?
    private let plan = Mutex(SilencePlan(channels: []))
    private let watcher = Mutex<Task<Void, Never>?>(nil)

    /// Starts the guardian (this executable again: its `main` must dispatch `Guardian.isRequested`
    /// first, as `peach`'s does) and arms the crash handler. A guardian that cannot start is a warning.
    public init(sequencer: ALSASequencer, logger: any PeachLogger) {
        self.sequencer = sequencer
        do {
            link = try GuardianLink.launch()
            link?.send(.client(sequencer.ownClient))
        } catch {
            logger.log(.warning, tr(.consoleNoGuardian, ["error": "\(error)"]))
            link = nil
        }
        CrashActions.register(EmergencySilence.crashAction)
        TerminalRestorer.installCrashHandlers()
    }

    /// Tells the guardian which FluidSynth to end if Peach dies.
    public func synthStarted(_ process: FluidSynthProcess?) {
        if let pid = process?.processIdentifier { link?.send(.synth(pid: pid)) }
    }

    /// `port` with every key it switches on tracked for the silence on `channels`.
    public func tracking<Port: MIDIOutputPort>(_ port: Port, channels: [MIDIChannel]) -> SoundingNoteTracker<Port> {
        update { $0.channels = channels.sorted() }
        link?.send(.channels(channels.sorted()))
        // Called under the tracker's lock: updates are published in the order they happened.
        return SoundingNoteTracker(port) { [self] keys in
            update { $0.keys = keys }
            link?.send(.keys(keys))
        }
    }

    /// Follows the service's destination (connect, reconnect, another synth, lost) for the guardian.
    public func watch(_ service: MIDIOutputService) {
        let link = self.link
        let task = Task {
            var last: [SequencerAddress]?
            for await state in await service.states() {
                let destinations = state.destination.map { [$0.address] } ?? []
                guard destinations != last else { continue }
                last = destinations
                link?.send(.destinations(destinations))
            }
        }
        watcher.withLock { $0 = task }
    }

    /// A command that plays straight through the sequencer (no output service, no tracked port: `peach calibrate
    /// --capture`): the crash handler and the guardian silence `channels` at `destination`.
    public func playing(to destination: SequencerAddress, channels: [MIDIChannel]) {
        update { $0.channels = channels.sorted() }
        link?.send(.channels(channels.sorted()))
        link?.send(.destinations([destination]))
    }

    /// Peach has silenced the synth and stopped FluidSynth itself: the guardian leaves quietly.
    public func cleanExit() {
        watcher.withLock { $0?.cancel() }
        link?.close()
    }

    private func update(_ change: (inout SilencePlan) -> Void) {
        let events = plan.withLock { plan in
            change(&plan)
            return plan.events
        }
        sequencer.armEmergencySilence(events)
    }
}
