import PeachPresentation

/// What a key means on the screens every front end has (a training mode maps its own keys: `ModeSession.commands`).
/// What a key means on each screen (docs/training-design.md, Keys). Vim users get h/j/k/l; arrow keys work everywhere.
/// Ctrl-C quits and Ctrl-Z suspends from any screen (raw mode delivers them as keys): the app
/// checks `global` first, then the current screen's mapping.
public enum KeyBindings {
    public enum GlobalAction: Hashable, Sendable {
        case quit
        case suspend
    }

    public enum AdjustStep: Hashable, Sendable {
        case fine
        case coarse
    }

    public enum MenuAction: Hashable, Sendable {
        case previous
        case next
        case choose
        /// A digit: choose the n-th item (1-based) directly.
        case chooseNumber(Int)
        case back
    }

    public enum SettingsAction: Hashable, Sendable {
        case previous
        case next
        /// Step the selected value down (-1) or up (+1); coarse with Shift.
        case change(direction: Int, step: AdjustStep)
        /// Enter: edit the value as text (note names, ports) or start MIDI learn.
        case edit
        /// Put the default back.
        case resetToDefault
        case back
    }

    public enum BreakAction: Hashable, Sendable {
        case snooze
        case backToStart
    }

    public static func global(_ key: Key) -> GlobalAction? {
        switch key {
        case .ctrlC: .quit
        case .ctrlZ: .suspend
        default: nil
        }
    }

    /// Start-screen menu. `q` on Start quits the program; Esc does nothing there (the app decides).
    public static func menu(_ key: Key) -> MenuAction? {
        switch key {
        case .arrow(.up, _), .character("k"), .backTab: .previous
        case .arrow(.down, _), .character("j"), .tab: .next
        case .enter, .space, .arrow(.right, _), .character("l"): .choose
        case .character(let character):
            if let digit = character.wholeNumberValue, (1...9).contains(digit) { .chooseNumber(digit) }
            else if character == "q" { .back }
            else { nil }
        case .escape, .arrow(.left, _): .back
        default: nil
        }
    }

    public static func settings(_ key: Key) -> SettingsAction? {
        switch key {
        case .arrow(.up, _), .character("k"), .backTab: .previous
        case .arrow(.down, _), .character("j"), .tab: .next
        case .arrow(.right, let modifiers): .change(direction: 1, step: modifiers.isEmpty ? .fine : .coarse)
        case .arrow(.left, let modifiers): .change(direction: -1, step: modifiers.isEmpty ? .fine : .coarse)
        case .character("l"), .character("+"): .change(direction: 1, step: .fine)
        case .character("h"), .character("-"): .change(direction: -1, step: .fine)
        case .character("L"): .change(direction: 1, step: .coarse)
        case .character("H"): .change(direction: -1, step: .coarse)
        case .enter: .edit
        case .character("d"): .resetToDefault
        case .escape, .character("q"): .back
        default: nil
        }
    }

    /// Profile and Info only go back.
    public static func viewer(_ key: Key) -> MenuAction? {
        switch key {
        case .escape, .character("q"), .enter, .arrow(.left, _), .backspace: .back
        default: nil
        }
    }

    public static func quietBreak(_ key: Key) -> BreakAction? {
        switch key {
        case .character("s"), .character("z"): .snooze
        case .escape, .character("q"), .enter: .backToStart
        default: nil
        }
    }
}
