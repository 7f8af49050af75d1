import Foundation
import PeachCore

/// ←/→ on the Settings screen: the next value of a key in its allowed range. Numbers move by a
/// step that suits the range (coarse = 10 steps), notes by a semitone (coarse = an octave),
/// choices and booleans cycle; free text and commit triggers are edited by typing or MIDI learn.
public enum ConfigValueStepper {
    public static func stepped(_ value: ConfigValue, of key: ConfigKey, direction: Int, coarse: Bool) -> ConfigValue {
        let sign = direction < 0 ? -1 : 1
        switch (key.kind, value) {
        case (.integer(let range, _), .integer(let current)):
            return .integer(min(max(current + sign * (coarse ? 10 : 1), range.lowerBound), range.upperBound))
        case (.decimal(let range, _), .decimal(let current)):
            let step = decimalStep(for: range) * (coarse ? 10 : 1)
            let moved = ((current + Double(sign) * step) / step).rounded() * step
            // Round away floating-point dust (0.30000000000000004) before clamping.
            let clean = (moved * 1e6).rounded() / 1e6
            return .decimal(min(max(clean, range.lowerBound), range.upperBound))
        case (.boolean, .boolean(let current)):
            return .boolean(!current)
        case (.choice(let choices), .text(let current)):
            let index = choices.firstIndex(of: current) ?? 0
            return .text(choices[(index + sign + choices.count) % choices.count])
        case (.tuning, .text(let current)):
            // From a file's path, stepping goes on to "equal" or back to the last named tuning; the path is typed again.
            let stops = ConfigValueKind.tuningWords + (ConfigValueKind.tuningWords.contains(current) ? [] : [current])
            let index = stops.firstIndex(of: current) ?? 0
            return .text(stops[(index + sign + stops.count) % stops.count])
        case (.note(let range, _), .note(let current)):
            guard let current else { return key.defaultValue }
            let moved = current.rawValue + sign * (coarse ? 12 : 1)
            return .note(MIDINote(min(max(moved, range.lowerBound.rawValue), range.upperBound.rawValue)))
        case (.channel, .channel(let current)):
            // any, 1, 2, … 16, any
            let position = (current ?? 0) + sign
            return .channel(position <= 0 || position > 16 ? (position < 0 ? 16 : nil) : position)
        default:
            return value
        }
    }

    /// 0.05 for ranges up to 1 wide, 0.1 up to 10, else 1.
    static func decimalStep(for range: ClosedRange<Double>) -> Double {
        let width = range.upperBound - range.lowerBound
        return width <= 1 ? 0.05 : width <= 10 ? 0.1 : 1
    }
}
