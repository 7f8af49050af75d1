import PeachPresentation

/// What a key means while a comparison runs (docs/training-design.md, Keys): ↑/↓, or vim's k/j, and h/l as in
/// plain mode (h = higher, l = lower).
public enum ComparisonKeys {
    public enum Action: Hashable, Sendable {
        case answerHigher
        case answerLower
        /// Back to Start; the incomplete comparison is discarded.
        case stop
    }

    public static func action(for key: Key) -> Action? {
        switch key {
        case .arrow(.up, _), .character("k"), .character("h"): .answerHigher
        case .arrow(.down, _), .character("j"), .character("l"): .answerLower
        case .escape, .character("q"): .stop
        // Every other key means nothing here: listed, so a new kind of key is a decision, not a silent nil.
        case .character, .arrow(.left, _), .arrow(.right, _), .enter, .backspace, .tab, .backTab, .delete, .home, .end,
             .pageUp, .pageDown, .alt, .control, .unknown: nil
        }
    }
}
