import PeachCore
import PeachPresentation
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

/// The pitch-matching screen as lines (`TrainingScreenModel`): what to listen to, the knob's activity light
/// (never a number), the signed result and the tally.
public enum PitchMatchingScreen {
    /// Errors smaller than this read as "spot on" (they round to 0.0 ct anyway).
    static let spotOnCents = 0.05

    public static func describe(_ model: PitchMatchingScreenModel) -> TrainingScreenModel {
        var lines: [TrainingScreenModel.Line] = [model.detail.map { .centered($0, .bold) } ?? .blank]
        switch model.phase {
        case .listeningToReference:
            lines += [.centered(tr(.matchingListening), .accent), .blank,
                      .centered(tr(model.isInterval ? .matchingThenTuneInterval : .matchingThenTuneUnison), .plain)]
        case .tuning:
            lines += [.spans([.init(tr(.matchingTuning), .accent),
                              .init(tr(model.isInterval ? .matchingTuneInterval : .matchingTuneUnison))]), .blank,
                      .spans(knob(model.knobMoving)),
                      .tuner(label: tr(.matchingSlider), commit: .init(tr(.matchingCommit), key: .enter), enabled: true)]
        case .result(let error):
            lines += [.spans([.init(tr(.matchingOffBy, ["offset": ScreenFormat.signedCents(error)]), .bold),
                              .init(" — " + direction(error))]), .blank,
                      .centered(tr(.matchingNext), .plain)]
        }
        lines += [.blank, .blank, .text(tr(.matchingTally, ["matched": "\(model.matched)",
                                                          "error": model.meanAbsoluteError.map(ScreenFormat.cents) ?? "—"]))]
        return TrainingScreenModel(title: model.title, status: tr(.matchingStatus, ["matched": "\(model.matched)"]),
                                   lines: lines, keyHints: tr(.matchingKeyHints), warning: model.warning)
    }

    static func knob(_ moving: Bool) -> [TrainingScreenModel.Span] {
        [.init(tr(.matchingKnob) + " "), moving ? .init(tr(.matchingKnobMoving), .accent) : .init(tr(.matchingKnobStill))]
    }

    static func direction(_ error: Cents) -> String {
        if abs(error.value) < spotOnCents { return tr(.matchingSpotOn) }
        return tr(error.value > 0 ? .matchingSharp : .matchingFlat)
    }
}
