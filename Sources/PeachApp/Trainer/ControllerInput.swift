import PeachCore
import PeachMIDI

/// Controller MIDI → training inputs: the decoder (slider, buttons, answer notes), MIDI-learn, and the
/// absolute knob's mapping, drawn anew for every trial so the knob's position never gives the target away.
@MainActor
public final class ControllerInput {
    public private(set) var decoder: ControllerDecoder
    private var mappedTrial: Int?
    private var random: any RandomNumberGenerator

    public init(decoder: ControllerDecoder, random: any RandomNumberGenerator = SystemRandomNumberGenerator()) {
        self.decoder = decoder
        self.random = random
    }

    /// What to record as the way the user tuned: the bound control's kind (keyboard when none is bound).
    public var mode: ControllerMode { decoder.binding?.source.controllerMode ?? .keyboard }

    public var isLearning: Bool { decoder.isLearning }

    public func startLearning() { decoder.startLearning() }

    /// New settings from the configuration file.
    public func reconfigure(binding: ControllerBinding?, triggers: ControllerTriggers) {
        if decoder.binding != binding { decoder.rebind(binding) }
        decoder.triggers = triggers
    }

    /// Decodes a batch in arrival order and collapses it (`ControllerActionBatch`). `trialNumber` is the
    /// running session's: when it changed since the last batch, the knob mapping is drawn anew first.
    public func actions(for inputs: [SequencerInput], trialNumber: Int?) -> [ControllerAction] {
        var actions: [ControllerAction] = []
        for input in inputs {
            if trialNumber != mappedTrial {
                mappedTrial = trialNumber
                decoder.newChallenge(using: &random)
            }
            actions += decoder.decode(input)
        }
        return ControllerActionBatch.coalesce(actions)
    }
}
