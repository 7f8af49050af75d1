/// A training screen as its discipline describes it, without drawing it: lines of a few kinds, styled and
/// fitted by the front end that renders them (the full-screen terminal). Every discipline fills one of these
/// from its folder, so a new discipline needs no new screen in any front end.
public struct TrainingScreenModel: Hashable, Sendable {
    public enum Emphasis: Hashable, Sendable {
        case plain, bold, dim, accent, good, bad
    }

    public enum Line: Hashable, Sendable {
        case blank
        /// Centered in the body.
        case centered(String, Emphasis)
        /// Centered in the body: pieces in emphases of their own on one line ("● Note 1      ○ Note 2").
        case spans([Span])
        /// Buttons side by side, centered: bracketed (and bold) when enabled, dimmed otherwise. A front end with a
        /// pointer makes each one press its key.
        case buttons([Button], enabled: Bool)
        /// A pointer's tuning control (the page's slider): it moves the tunable note by relative steps, never
        /// showing where the target is, and `commit` scores where it was left. A terminal's arrow keys and a MIDI
        /// knob do this job there, so the terminal draws nothing for it.
        case tuner(label: String, commit: Button, enabled: Bool)
        /// Left-aligned.
        case text(String)
        /// Centered lines, wrapped at word boundaries to the screen's width (a result card).
        case paragraph(String, Emphasis)
    }

    /// A button: what it says and the key it stands for (a click is that key pressed).
    public struct Button: Hashable, Sendable {
        public var label: String
        public var key: Key

        public init(_ label: String, key: Key) {
            self.label = label
            self.key = key
        }
    }

    /// A piece of a `.spans` line.
    public struct Span: Hashable, Sendable {
        public var text: String
        public var emphasis: Emphasis

        public init(_ text: String, _ emphasis: Emphasis = .plain) {
            self.text = text
            self.emphasis = emphasis
        }
    }

    public var title: String
    public var status: String
    public var lines: [Line]
    public var keyHints: String
    public var warning: StatusWarning?

    public init(title: String, status: String, lines: [Line], keyHints: String, warning: StatusWarning? = nil) {
        self.title = title
        self.status = status
        self.lines = lines
        self.keyHints = keyHints
        self.warning = warning
    }
}
