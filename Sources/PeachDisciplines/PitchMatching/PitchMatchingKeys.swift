import PeachPresentation

/// What a key means while a tunable note sounds (docs/training-design.md, Keys): →/← (Shift: coarse), ↑/↓ and
/// vim's l/k up, h/j down (capitals: coarse), Enter or space commits.
public enum PitchMatchingKeys {
    public enum Step: Hashable, Sendable {
        case fine
        case coarse
    }

    public enum Action: Hashable, Sendable {
        /// Raise (+1) or lower (-1) the tunable note by one fine or coarse step.
        case adjust(direction: Int, step: Step)
        case commit
        case stop
    }

    public static func action(for key: Key) -> Action? {
        switch key {
        case .arrow(.right, let modifiers): .adjust(direction: 1, step: modifiers.isEmpty ? .fine : .coarse)
        case .arrow(.left, let modifiers): .adjust(direction: -1, step: modifiers.isEmpty ? .fine : .coarse)
        case .arrow(.up, _), .character("l"), .character("k"): .adjust(direction: 1, step: .fine)
        case .arrow(.down, _), .character("h"), .character("j"): .adjust(direction: -1, step: .fine)
        case .character("L"), .character("K"): .adjust(direction: 1, step: .coarse)
        case .character("H"), .character("J"): .adjust(direction: -1, step: .coarse)
        case .enter, .space: .commit
        case .escape, .character("q"): .stop
        // Every other key means nothing here: listed, so a new kind of key is a decision, not a silent nil.
        case .character, .backspace, .tab, .backTab, .delete, .home, .end, .pageUp, .pageDown, .alt, .control, .unknown: nil
        }
    }
}
