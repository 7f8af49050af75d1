public struct BreakScreenModel: Hashable, Sendable {
    /// Time left; zero or less means the break is over.
    public var remaining: Duration
    /// One snooze per cycle (QuietBreakSchedule.snoozedThisCycle is the other side of this).
    public var canSnooze: Bool
    public var snoozeMinutes: Int

    public init(remaining: Duration, canSnooze: Bool, snoozeMinutes: Int = 5) {
        self.remaining = remaining
        self.canSnooze = canSnooze
        self.snoozeMinutes = snoozeMinutes
    }

    public var isOver: Bool { remaining <= .zero }
}

public enum BreakScreen {
    public static func render(_ model: BreakScreenModel, size: TerminalSize, style: Styler) -> [String] {
        let width = size.columns - 2
        var body = [""]
        if model.isOver {
            body += [TextLayout.center(style.good("Break over."), width: width), "",
                     TextLayout.center("Welcome back. Training starts again when you choose it.", width: width)]
        } else {
            body += [TextLayout.center(style.bold("Quiet break") + " — rest your ears", width: width), "",
                     TextLayout.center(style.accent(ScreenFormat.countdown(model.remaining)) + " left", width: width), "",
                     TextLayout.center("Peach is silent until the break is over.", width: width)]
        }
        var hints: [String] = []
        if model.canSnooze && !model.isOver { hints.append("s snooze \(model.snoozeMinutes) min (once)") }
        hints.append(model.isOver ? "Enter back to Start" : "Esc/q back to Start (training stays stopped)")
        return ScreenFrame.compose(title: "Quiet break", body: body, keyHints: hints.joined(separator: " · "),
                                   size: size, style: style)
    }
}
