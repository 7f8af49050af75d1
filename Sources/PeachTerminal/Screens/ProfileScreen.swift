import PeachCore
import PeachPresentation
import PeachText

public enum ProfileScreen {
    public static func render(_ model: ProfileScreenModel, size: TerminalSize, style: Styler) -> [String] {
        let bodyRows = size.rows - 4
        // The summary lines (four) and a blank below the charts; the profile chart takes 3/5 of the rest, progress 2/5
        // (only its caption when the screen is short or nothing is charted yet).
        let chartsHeight = max(bodyRows - model.summary.count - 1, 4)
        let progress = model.progressChart.map { chart in
            TerminalProgressChart.render(chart, width: size.columns - 2, height: max(chartsHeight * 2 / 5, 1), style: style)
        } ?? []
        var body = TerminalProfileChart.render(model.chart, width: size.columns - 2,
                                               height: max(chartsHeight - progress.count, 4), style: style)
        body += progress
        body.append("")
        body += model.summary.map { style.bold(TextLayout.fit($0.label, width: 16)) + $0.text }
        return ScreenFrame.compose(title: tr(.profileTitle), body: body, keyHints: tr(.profileKeyHints),
                                   size: size, style: style)
    }
}
