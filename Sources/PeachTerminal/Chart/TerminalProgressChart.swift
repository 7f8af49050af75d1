import PeachPresentation
import PeachText

/// A progress chart as text: one column per period, its value (●) and its 95 % interval (│) on a log axis,
/// the newest period at the right. When there are more periods than columns, the newest are shown.
public enum TerminalProgressChart {
    /// "1000 ct" and the axis: intervals of a few answers reach far up.
    static let labelWidth = 9

    /// At most `height` lines of at most `width` columns: the plot rows, the axis with the first and last date,
    /// then the caption. Just the caption when there is nothing to plot.
    public static func render(_ model: ProgressChartModel, width: Int, height: Int, style: Styler) -> [String] {
        guard !model.points.isEmpty, height >= 5 else { return [TextLayout.fit(model.caption, width: width)] }
        let plotRows = height - 3
        let cellWidth = 2
        let shown = Array(model.points.suffix(max((width - labelWidth - 1) / cellWidth, 1)))
        let scale = model.scale
        func row(_ value: Double) -> Int { plotRows - 1 - Int((scale.fraction(value) * Double(plotRows - 1)).rounded()) }

        var grid = Array(repeating: Array(repeating: " ", count: shown.count), count: plotRows)
        for (index, point) in shown.enumerated() {
            for bandRow in row(point.upper)...row(point.lower) { grid[bandRow][index] = style.dim("│") }
            grid[row(point.value)][index] = style.accent("●")
        }
        var tickRows: [Int: String] = [:]
        for tick in scale.decadeTicks { tickRows[row(tick)] = LocalizedNumber.localizing(ThresholdScale.tickLabel(tick)) + " " + model.unit }
        var lines = (0..<plotRows).map { rowIndex in
            let label = tickRows[rowIndex].map { pad($0, labelWidth - 1) + "┤" }
                ?? String(repeating: " ", count: labelWidth - 1) + "│"
            return label + grid[rowIndex].map { $0 + " " }.joined()
        }
        lines.append(String(repeating: " ", count: labelWidth - 1) + "└" + String(repeating: "─", count: shown.count * cellWidth))
        let dates = shown.count > 1 ? TextLayout.spread(shown[0].label, shown[shown.count - 1].label,
                                                        width: max(shown.count * cellWidth, 22)) : shown[0].label
        lines.append(String(repeating: " ", count: labelWidth) + dates)
        lines.append(model.caption)
        return lines.map { TextLayout.fit($0, width: width) }
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(width - text.count, 0)) + text
    }
}
