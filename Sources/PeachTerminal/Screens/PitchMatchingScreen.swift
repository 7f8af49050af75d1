import PeachCore
import PeachText

public struct PitchMatchingScreenModel: Hashable, Sendable {
    public enum Phase: Hashable, Sendable {
        case listeningToReference
        /// Deliberately carries nothing about the target or the current offset.
        case tuning
        /// Signed error after commit: positive = sharp (too high).
        case result(error: Cents)
    }

    public var phase: Phase
    /// The knob (or arrow keys) moved in the last moment: an activity light, never a number.
    public var knobMoving: Bool
    public var matched: Int
    public var meanAbsoluteError: Cents?
    public var warning: StatusWarning?
    /// The mode's name in the title bar.
    public var title: String
    /// What to tune to, shown above the prompt (e.g. the interval of an interval match); nil for unisons.
    public var detail: String?
    /// The user tunes an interval (the detail says which), not a unison.
    public var isInterval: Bool

    public init(phase: Phase, knobMoving: Bool = false, matched: Int = 0, meanAbsoluteError: Cents? = nil,
                warning: StatusWarning? = nil, title: String = tr(.matchingTitle), detail: String? = nil,
                isInterval: Bool = false) {
        self.title = title
        self.detail = detail
        self.isInterval = isInterval
        self.phase = phase
        self.knobMoving = knobMoving
        self.matched = matched
        self.meanAbsoluteError = meanAbsoluteError
        self.warning = warning
    }
}

public enum PitchMatchingScreen {
    /// Errors smaller than this read as "spot on" (they round to 0.0 ct anyway).
    static let spotOnCents = 0.05

    public static func render(_ model: PitchMatchingScreenModel, size: TerminalSize, style: Styler) -> [String] {
        let width = size.columns - 2
        var body: [String] = [model.detail.map { TextLayout.center(style.bold($0), width: width) } ?? ""]
        switch model.phase {
        case .listeningToReference:
            body += [TextLayout.center(style.accent(tr(.matchingListening)), width: width), "",
                     TextLayout.center(tr(model.isInterval ? .matchingThenTuneInterval : .matchingThenTuneUnison), width: width)]
        case .tuning:
            body += [TextLayout.center(style.accent(tr(.matchingTuning)) + tr(model.isInterval ? .matchingTuneInterval
                                                                               : .matchingTuneUnison), width: width), "",
                     TextLayout.center(knob(model.knobMoving, style: style), width: width)]
        case .result(let error):
            body += [TextLayout.center(style.bold(tr(.matchingOffBy, ["offset": ScreenFormat.signedCents(error)]))
                                       + " — " + direction(error), width: width), "",
                     TextLayout.center(tr(.matchingNext), width: width)]
        }
        body += ["", "", tr(.matchingTally, ["matched": "\(model.matched)",
                                             "error": model.meanAbsoluteError.map(ScreenFormat.cents) ?? "—"])]
        if let warning = model.warning { body += [""] + warning.renderedLines(width: size.columns - 2, style: style) }
        let status = tr(.matchingStatus, ["matched": "\(model.matched)"])
        return ScreenFrame.compose(title: model.title, status: status, body: body,
                                   keyHints: tr(.matchingKeyHints),
                                   size: size, style: style)
    }

    static func knob(_ moving: Bool, style: Styler) -> String {
        tr(.matchingKnob) + " " + (moving ? style.accent(tr(.matchingKnobMoving)) : tr(.matchingKnobStill))
    }

    static func direction(_ error: Cents) -> String {
        if abs(error.value) < spotOnCents { return tr(.matchingSpotOn) }
        return tr(error.value > 0 ? .matchingSharp : .matchingFlat)
    }
}
