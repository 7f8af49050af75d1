import PeachPresentation
import PeachText

/// The quiet break: how long is left (or that it is over), snooze once, back to Start.
enum BreakHTML {
    static func render(_ model: BreakScreenModel) -> String {
        var body: String
        if model.isOver {
            body = HTMLText.element("p", tr(.breakOver), class: "centered good") + HTMLText.element("p", tr(.breakWelcomeBack), class: "centered")
        } else {
            body = "<p class=\"centered\"><strong>" + HTMLText.escape(tr(.breakTitle)) + "</strong>" + HTMLText.escape(tr(.breakRestYourEars)) + "</p>"
                + HTMLText.element("p", tr(.breakLeft, ["time": ScreenFormat.countdown(model.remaining)]), class: "centered accent")
                + HTMLText.element("p", tr(.breakSilent), class: "centered")
        }
        var buttons: [String] = []
        if model.canSnooze && !model.isOver {
            buttons.append(ScreenHTML.button(tr(.breakSnooze, ["minutes": "\(model.snoozeMinutes)"]), key: .character("s")))
        }
        buttons.append(ScreenHTML.button(tr(model.isOver ? .breakBackToStart : .breakStopToStart), key: .escape))
        body += "<p class=\"buttons\">" + buttons.joined(separator: " ") + "</p>"
        return ScreenHTML.frame(title: tr(.breakTitle), body: body, hints: "", back: false)
    }
}
