import PeachPresentation
import PeachText

public enum StartScreen {
    public static func render(_ model: StartScreenModel, size: TerminalSize, style: Styler) -> [String] {
        var body: [String] = [""]
        for (index, title) in model.menu.titles.enumerated() {
            let entry = "\(model.menu.shortcuts[index].map(String.init) ?? " ")  \(title)"
            body.append(index == model.menu.selectedIndex ? ">" + style.inverse(" " + entry + " ") : "  " + entry)
        }
        body.append("")
        let previewWidth = min(max(size.columns - 30, 10), 64)
        let preview = CompactProfilePreview.render(model.profile, width: previewWidth, style: style)
        let trend = model.profile.trend.map { tr(.startTrend, ["trend": $0.label]) } ?? Self.withoutTrend(model.profile)
        body.append(style.bold(label(.startProfile)) + preview[0] + "  " + trend)
        body.append("            " + preview[1] + (model.profile.hasData ? "  " + tr(.startLowerIsBetter) : ""))
        body.append("")
        body.append(style.bold(label(.startSynth)) + model.synth.rendered(style: style))
        body.append(style.bold(label(.startController)) + model.controller.rendered(style: style))
        if !model.warnings.isEmpty { body.append("") }
        body += model.warnings.flatMap { $0.renderedLines(width: size.columns - 2, style: style) }
        return ScreenFrame.compose(title: tr(.startTitle), body: body,
                                   keyHints: keyHints(model.menu),
                                   size: size, style: style)
    }

    /// "↑/↓ or j/k choose · Enter open · 1-8 p s i jump · q quit": the digits as a range, the letters one by one.
    static func keyHints(_ menu: StartMenu) -> String {
        let keys = menu.shortcuts.compactMap { $0 }
        let digits = keys.filter(\.isWholeNumber), letters = keys.filter { !$0.isWholeNumber }
        let range = digits.count > 1 ? "\(digits.first!)-\(digits.last!)" : digits.first.map(String.init) ?? ""
        return tr(.startKeyHints, ["keys": ([range] + letters.map(String.init)).filter { !$0.isEmpty }.joined(separator: " ")])
    }

    /// Beside a profile without a trend: nothing where the chart shows firm thresholds, "not enough data yet
    /// (8 answers)" where there are answers but none is firm, "no training yet" where there are none.
    static func withoutTrend(_ profile: ProfileChartModel) -> String {
        if profile.hasData { return "" }
        guard let overall = profile.overall else { return tr(.startNoTraining) }
        return overall.isConclusive ? "" : ScreenFormat.threshold(overall)
    }

    /// A row's label in its 12-column field.
    private static func label(_ id: MessageID) -> String { TextLayout.fit(tr(id), width: 12) }
}
