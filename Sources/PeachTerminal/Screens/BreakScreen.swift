import PeachPresentation
import PeachText

public enum BreakScreen {
    public static func render(_ model: BreakScreenModel, size: TerminalSize, style: Styler) -> [String] {
        let width = size.columns - 2
        var body = [""]
        if model.isOver {
            body += [TextLayout.center(style.good(tr(.breakOver)), width: width), "",
                     TextLayout.center(tr(.breakWelcomeBack), width: width)]
        } else {
            body += [TextLayout.center(style.bold(tr(.breakTitle)) + tr(.breakRestYourEars), width: width), "",
                     TextLayout.center(tr(.breakLeft, ["time": style.accent(ScreenFormat.countdown(model.remaining))]), width: width), "",
                     TextLayout.center(tr(.breakSilent), width: width)]
        }
        var hints: [String] = []
        if model.canSnooze && !model.isOver { hints.append(tr(.breakSnooze, ["minutes": "\(model.snoozeMinutes)"])) }
        hints.append(tr(model.isOver ? .breakBackToStart : .breakStopToStart))
        return ScreenFrame.compose(title: tr(.breakTitle), body: body, keyHints: hints.joined(separator: " · "),
                                   size: size, style: style)
    }
}
