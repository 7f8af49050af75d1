import Foundation
import PeachCore

/// What ends a pitch-matching trial from the controller.
public enum CommitTrigger: Hashable, Sendable, CustomStringConvertible {
    /// Keyboard Enter only.
    case none
    /// The sustain pedal (CC 64) going down.
    case sustainPedal
    /// A note-on of this note.
    case note(MIDINote)
    /// This controller number crossing 64 upwards (a button sending 127).
    case controlChange(Int)

    /// "none", "sustain", "note:C2", "cc:64" (as written in the config file).
    public init?(configText: String) {
        let text = configText.lowercased()
        switch text {
        case "none": self = .none
        case "sustain": self = .sustainPedal
        default:
            if text.hasPrefix("note:"), let note = MIDINote(name: String(configText.dropFirst(5))) {
                self = .note(note)
            } else if text.hasPrefix("cc:"), let number = Int(text.dropFirst(3)), (0...127).contains(number) {
                self = .controlChange(number)
            } else {
                return nil
            }
        }
    }

    public var description: String {
        switch self {
        case .none: "none"
        case .sustainPedal: "sustain"
        case .note(let note): "note:\(note.name)"
        case .controlChange(let number): "cc:\(number)"
        }
    }
}

/// A typed configuration value.
public enum ConfigValue: Hashable, Sendable, CustomStringConvertible {
    case integer(Int)
    case decimal(Double)
    case boolean(Bool)
    /// Free text and choices (lowercased choice names).
    case text(String)
    /// A note by name; nil is "none" where the key allows it.
    case note(MIDINote?)
    /// A MIDI channel 1...16; nil is "any".
    case channel(Int?)
    case commitTrigger(CommitTrigger)
    case intervals(IntervalSelection)

    /// As written in the config file.
    public var description: String {
        switch self {
        case .integer(let value): String(value)
        case .decimal(let value): Self.format(value)
        case .boolean(let value): value ? "on" : "off"
        case .text(let value): value
        case .note(let note): note?.name ?? "none"
        case .channel(let channel): channel.map(String.init) ?? "any"
        case .commitTrigger(let trigger): trigger.description
        case .intervals(let selection): selection.description
        }
    }

    /// Shortest faithful decimal: 1 → "1", 0.25 → "0.25", 440.5 → "440.5".
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    public var integerValue: Int? { if case .integer(let v) = self { v } else { nil } }
    public var decimalValue: Double? {
        switch self {
        case .decimal(let v): v
        case .integer(let v): Double(v)
        default: nil
        }
    }
    public var booleanValue: Bool? { if case .boolean(let v) = self { v } else { nil } }
    public var textValue: String? { if case .text(let v) = self { v } else { nil } }
    public var noteValue: MIDINote?? { if case .note(let v) = self { .some(v) } else { nil } }
    public var channelValue: Int?? { if case .channel(let v) = self { .some(v) } else { nil } }
    public var commitTriggerValue: CommitTrigger? { if case .commitTrigger(let v) = self { v } else { nil } }
    public var intervalsValue: IntervalSelection? { if case .intervals(let v) = self { v } else { nil } }
}
