import PeachCore
import PeachMIDI

/// Controller MIDI → training inputs: the decoder (slider, buttons, answer notes), MIDI-learn, and the
/// absolute knob's mapping, drawn anew for every trial so the knob's position never gives the target away.
///
/// When a tunable note starts, the knob is routed straight to it (`KnobRoute`): the sequencer thread
/// bends the note and reports `.tuned` positions, which arrive here as `.routedCents`. The mapping is
/// drawn at that moment, so the thread and the main actor read the knob the same way.
@MainActor
public final class ControllerInput: TunableNoteObserver {
    public private(set) var decoder: ControllerDecoder
    private var mappedTrial: Int?
    private var random: any RandomNumberGenerator
    /// The held note the knob is routed to, to take the knob back (MIDI-learn, a new binding).
    private var routedNote: (any KnobRoutable)?

    public init(decoder: ControllerDecoder, random: any RandomNumberGenerator = SystemRandomNumberGenerator()) {
        self.decoder = decoder
        self.random = random
    }

    /// What to record as the way the user tuned: the bound control's kind (keyboard when none is bound).
    public var mode: ControllerMode { decoder.binding?.source.controllerMode ?? .keyboard }

    /// The next control moved becomes the slider; meanwhile the knob is not routed (learning must see it).
    public func startLearning() {
        decoder.startLearning()
        unroute()
    }

    /// New settings from the configuration file.
    public func reconfigure(binding: ControllerBinding?, triggers: ControllerTriggers) {
        if decoder.binding != binding {
            decoder.rebind(binding)
            unroute()
        }
        decoder.triggers = triggers
    }

    public func tunableNoteStarted(_ handle: any PlaybackHandle, target: Frequency, trialNumber: Int) {
        drawMapping(for: trialNumber)
        routedNote = handle as? KnobRoutable
        guard !decoder.isLearning, let routedNote,
              let knob = KnobRoute(binding: decoder.binding, mapping: decoder.mapping,
                                   relativeStep: decoder.relativeStep, target: target) else { return }
        Task { await routedNote.routeKnob(knob) }
    }

    /// Decodes a batch in arrival order and collapses it (`ControllerActionBatch`). `trialNumber` is the
    /// running session's: when it changed since the last batch, the knob mapping is drawn anew first.
    /// `tapping`: the running session takes taps, so every note-on is a `.tap` with the kernel's stamp.
    public func actions(for inputs: [SequencerInput], trialNumber: Int?, tapping: Bool = false) -> [ControllerAction] {
        drawMapping(for: trialNumber)
        var actions: [ControllerAction] = []
        for input in inputs {
            if case .tuned(let cents, _) = input {
                actions.append(.routedCents(cents))
            } else {
                actions += decoder.decode(input, tapping: tapping)
            }
        }
        return ControllerActionBatch.coalesce(actions)
    }

    private func drawMapping(for trialNumber: Int?) {
        guard trialNumber != mappedTrial else { return }
        mappedTrial = trialNumber
        decoder.newChallenge(using: &random)
    }

    /// Takes the knob back from the tunable note before a commit: where the sequencer thread left the
    /// note (nil when the knob never moved it), which no position told later can contradict.
    public func takeKnobBack() async -> Cents? {
        guard let routedNote else { return nil }
        self.routedNote = nil
        return await routedNote.takeKnob()
    }

    private func unroute() {
        guard let routedNote else { return }
        self.routedNote = nil
        Task { await routedNote.routeKnob(nil) }
    }
}
