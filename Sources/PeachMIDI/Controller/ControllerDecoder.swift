import PeachCore

/// Turns controller input into training actions: the slider (one bound control), commit buttons,
/// answer keys and MIDI-learn. Pure state machine: the app feeds it `SequencerInput` and routes
/// the actions; announcements are not its business and yield nothing. A pitch wheel as the slider
/// is a gesture (`PitchWheelGesture`): it tunes while pushed and commits when let go.
public struct ControllerDecoder: Sendable {
    public static let defaultRelativeStep = Cents(0.5)

    /// The slider, or nil for none (keyboard only).
    public private(set) var binding: ControllerBinding?
    public var triggers: ControllerTriggers
    /// Cents per encoder step in relative mode (sub-cent by default; fast turns send bigger steps).
    public var relativeStep: Cents
    public private(set) var mapping: KnobMapping
    private var pairer = FourteenBitPairer()
    private var learner: ControllerLearner?
    private var wheel = PitchWheelGesture()
    private var pressedButtons: Set<ButtonKey> = []

    private struct ButtonKey: Hashable, Sendable {
        var channel: MIDIChannel
        var controller: UInt8
    }

    public init(binding: ControllerBinding?, triggers: ControllerTriggers = .default,
                mapping: KnobMapping = KnobMapping(), relativeStep: Cents = Self.defaultRelativeStep) {
        self.binding = binding
        self.triggers = triggers
        self.mapping = mapping
        self.relativeStep = relativeStep
    }

    public var isLearning: Bool { learner != nil }

    /// Re-draws where the target lies on an absolute control, and ends a wheel push begun in the
    /// challenge before. Call at the start of every challenge.
    public mutating func newChallenge(using random: inout some RandomNumberGenerator) {
        mapping.randomise(using: &random)
        wheel.interrupt()
    }

    public mutating func rebind(_ binding: ControllerBinding?) {
        self.binding = binding
        pairer = FourteenBitPairer()
        wheel = PitchWheelGesture()
    }

    /// The next control moved becomes the slider (see `ControllerLearner`). Meanwhile controller
    /// messages only teach; notes and buttons keep working.
    public mutating func startLearning() { learner = ControllerLearner(excluding: triggers.buttonControllers) }

    /// What is a tap while a mode takes taps: a sounding note-on, any key on any channel (the sequencer thread's tap
    /// echo answers the same events, `TapEcho`).
    public static func isTap(_ event: MIDIEvent) -> Bool {
        if case .noteOn(_, _, let velocity) = event { return velocity > 0 }
        return false
    }

    /// `tapping`: the running mode takes taps (a timing discipline). Every note-on is then a tap stamped
    /// with the kernel's queue time, and nothing else (no answer, no commit); other messages decode as always.
    public mutating func decode(_ input: SequencerInput, tapping: Bool = false) -> [ControllerAction] {
        guard case .midi(let event, let source, let time, let queueTime) = input else { return [] }
        if tapping, case .noteOn = event {
            return Self.isTap(event) ? [.tap(at: queueTime, source: source)] : []
        }
        if let triggered = trigger(event) {
            // Answered by a pedal or key while the wheel is out: the wheel's push is over.
            if triggered.contains(.commit) { wheel.interrupt() }
            return triggered
        }
        if learner != nil {
            guard let learned = learner?.observe(event) else { return [] }
            learner = nil
            rebind(learned)
            if case .pitchBend(_, let bend) = event { wheel.learned(at: bend, settings: triggers.wheel) }
            return [.learned(learned)]
        }
        return slider(event, at: time)
    }

    // MARK: Triggers

    private mutating func trigger(_ event: MIDIEvent) -> [ControllerAction]? {
        switch event {
        case .noteOn(_, let note, let velocity) where velocity > 0:
            var actions: [ControllerAction] = []
            if note == triggers.higherNote { actions.append(.answerHigher) }
            if note == triggers.lowerNote { actions.append(.answerLower) }
            if triggers.commit.contains(.anyNoteOn) || triggers.commit.contains(.note(note)) { actions.append(.commit) }
            return actions
        case .noteOn, .noteOff:
            return []
        case .controlChange(let channel, let controller, let value)
            where triggers.buttonControllers.contains(controller) && !isSlider(controller):
            // Edge-triggered: a pedal or button held down commits once.
            let key = ButtonKey(channel: channel, controller: controller)
            if value >= 64 {
                return pressedButtons.insert(key).inserted ? [.commit] : []
            }
            pressedButtons.remove(key)
            return []
        case .controlChange, .pitchBend, .programChange:
            return nil
        }
    }

    private func isSlider(_ controller: UInt8) -> Bool {
        switch binding?.source {
        case .absolute7Bit(let own), .relative(let own, _): own == controller
        case .absolute14Bit(let msb): controller == msb || controller == msb + 32
        case .pitchWheel, nil: false
        }
    }

    // MARK: Slider

    private mutating func slider(_ event: MIDIEvent, at time: UInt64) -> [ControllerAction] {
        guard let binding, binding.channel.accepts(event.channel) else { return [] }
        if case .pitchWheel = binding.source, case .pitchBend(_, let bend) = event {
            return wheel.move(to: bend, at: time, settings: triggers.wheel)
        }
        return knob(binding.source, event).map { [$0] } ?? []
    }

    private mutating func knob(_ source: ControllerSource, _ event: MIDIEvent) -> ControllerAction? {
        switch (source, event) {
        case (.absolute7Bit(let own), .controlChange(_, let controller, let value)) where controller == own:
            return .setCents(mapping.cents(at: Int(value), of: 127))
        case (.absolute14Bit(let msb), .controlChange(let channel, let controller, let value)) where controller == msb:
            return .setCents(mapping.cents(at: pairer.msb(value, on: channel), of: 16383))
        case (.absolute14Bit(let msb), .controlChange(let channel, let controller, let value)) where controller == msb + 32:
            return pairer.lsb(value, on: channel).map { .setCents(mapping.cents(at: $0, of: 16383)) }
        case (.relative(let own, let encoding), .controlChange(_, let controller, let value)) where controller == own:
            let step = encoding.step(value)
            return step == 0 ? nil : .adjustByCents(relativeStep * Double(step))
        default:
            return nil
        }
    }
}
