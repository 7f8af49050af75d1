import PeachCore

/// MIDI buttons and keys that commit or answer, next to the keyboard's Enter and arrow keys.
///
/// Defaults: commit on a sustain-pedal press (CC64 crossing 64 upwards) or on any note-on; answer
/// "lower" with C4 (60) and "higher" with D4 (62), the two lowest white keys of the middle octave
/// found on every small keyboard. Answer notes also count as a note-on commit, so one key press
/// works on both screens; each session ignores the action it has no use for. Triggers are heard on
/// every channel. A pitch wheel bound as the slider also commits when it springs back (`wheel`).
public struct ControllerTriggers: Hashable, Sendable {
    public enum Commit: Hashable, Sendable {
        case sustainPedal
        case anyNoteOn
        /// One key or pad (its note-on).
        case note(MIDINote)
        /// A CC button: pressed when its value crosses 64 upwards.
        case controllerButton(UInt8)
    }

    public var commit: Set<Commit>
    public var higherNote: MIDINote?
    public var lowerNote: MIDINote?
    /// When a pitch wheel returning to rest commits (used only while the wheel is the slider).
    public var wheel: PitchWheelSettings

    public init(commit: Set<Commit> = [.sustainPedal, .anyNoteOn],
                higherNote: MIDINote? = MIDINote(62), lowerNote: MIDINote? = MIDINote(60),
                wheel: PitchWheelSettings = PitchWheelSettings()) {
        self.commit = commit
        self.higherNote = higherNote
        self.lowerNote = lowerNote
        self.wheel = wheel
    }

    public static let `default` = ControllerTriggers()

    /// The CC numbers that act as buttons (never taken by MIDI-learn as the slider).
    var buttonControllers: Set<UInt8> {
        Set(commit.compactMap { trigger in
            switch trigger {
            case .sustainPedal: MIDIController.sustainPedal
            case .controllerButton(let controller): controller
            case .anyNoteOn, .note: nil
            }
        })
    }
}
