import Foundation
import PeachCore
import PeachText

/// What a key accepts: parses text into a `ConfigValue` and describes the allowed values for
/// error messages and the Settings screen.
public enum ConfigValueKind: Hashable, Sendable {
    case integer(ClosedRange<Int>, unit: String?)
    case decimal(ClosedRange<Double>, unit: String?)
    case boolean
    case choice([String])
    /// A note name within the range; `allowsNone` accepts "none".
    case note(ClosedRange<MIDINote>, allowsNone: Bool)
    /// Any text, including empty (ports).
    case text(emptyMeans: String)
    /// The path of a file ending in `suffix` (".kbm", ".sf2"), or empty; what is in it is checked where it is read.
    case file(suffix: String, emptyMeans: String)
    /// 1...16 or "any".
    case channel
    case commitTrigger
    /// Interval names with direction words (`IntervalSelection`), e.g. "P5 M3 m3 up".
    case intervals
    /// "equal", "just", a named tuning's id ("meantone-quarter-comma") or the path of a .scl file; the file is read
    /// and checked when the configuration is loaded (`ConfigLoader`).
    case tuning

    /// The value, or nil when the text is not allowed.
    public func parse(_ text: String) -> ConfigValue? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let lower = trimmed.lowercased()
        switch self {
        case .integer(let range, _):
            guard let value = Int(trimmed), range.contains(value) else { return nil }
            return .integer(value)
        case .decimal(let range, _):
            guard let value = Double(trimmed), value.isFinite, range.contains(value) else { return nil }
            return .decimal(value)
        case .boolean:
            switch lower {
            case "on", "true", "yes", "1": return .boolean(true)
            case "off", "false", "no", "0": return .boolean(false)
            default: return nil
            }
        case .choice(let choices):
            return choices.contains(lower) ? .text(lower) : nil
        case .note(let range, let allowsNone):
            if allowsNone && lower == "none" { return .note(nil) }
            guard let note = MIDINote(name: trimmed), range.contains(note) else { return nil }
            return .note(note)
        case .text:
            // The parser already trimmed unquoted values; quotes exist to keep outer spaces.
            return .text(text)
        case .file(let suffix, _):
            return trimmed.isEmpty || (lower.hasSuffix(suffix) && trimmed.count > suffix.count) ? .text(trimmed) : nil
        case .channel:
            if lower == "any" { return .channel(nil) }
            guard let channel = Int(trimmed), (1...16).contains(channel) else { return nil }
            return .channel(channel)
        case .commitTrigger:
            return CommitTrigger(configText: trimmed).map(ConfigValue.commitTrigger)
        case .intervals:
            return try? ConfigValue.intervals(IntervalSelection.parse(trimmed).get())
        case .tuning:
            if Self.tuningWords.contains(lower) { return .text(lower) }
            // A path keeps its case; "~/" is the user's home, as in the shell.
            return lower.hasSuffix(".scl") && trimmed.count > 4 ? .text(trimmed) : nil
        }
    }

    /// "0.2...5 seconds", "auto, fluidsynth, external", "C-1...G9 or none".
    public var allowedDescription: String {
        switch self {
        case .integer(let range, let unit):
            "\(range.lowerBound)...\(range.upperBound)" + (unit.map { " " + Self.unitName($0) } ?? "")
        case .decimal(let range, let unit):
            // The values are what the file takes, so they keep their decimal point in every language.
            "\(ConfigValue.format(range.lowerBound))...\(ConfigValue.format(range.upperBound))" + (unit.map { " " + Self.unitName($0) } ?? "")
        case .boolean: tr(.allowedOnOrOff)
        case .choice(let choices): choices.joined(separator: ", ")
        case .note(let range, let allowsNone):
            tr(.allowedNoteName, ["lowest": range.lowerBound.name, "highest": range.upperBound.name]) + (allowsNone ? tr(.allowedOrNone) : "")
        case .text: tr(.allowedAnyText)
        case .file(let suffix, _): tr(.allowedFile, ["suffix": suffix])
        case .channel: tr(.allowedChannel)
        case .commitTrigger: tr(.allowedCommitTrigger)
        case .intervals: tr(.allowedIntervals)
        case .tuning: tr(.allowedTuning, ["named": NamedTunings.all.map(\.id).joined(separator: ", ")])
        }
    }
}

extension ConfigValueKind {
    /// The tunings a word names, in the order the Settings screen steps through them.
    public static let tuningWords = ["equal", "just"] + NamedTunings.all.map(\.id)

    /// A unit word in the user's language ("seconds" → "Sekunden"); symbols (Hz, dB, BPM, ms) are the same in all.
    static func unitName(_ unit: String) -> String {
        switch unit {
        case "seconds": tr(.unitSeconds)
        case "cents": tr(.unitCents)
        case "semitones": tr(.unitSemitones)
        case "minutes": tr(.unitMinutes)
        case "trials": tr(.unitTrials)
        case "(upper / lower of the 95 % interval; smaller = more precise and longer, e.g. 2.5)": tr(.unitPrecision)
        default: unit
        }
    }
}
