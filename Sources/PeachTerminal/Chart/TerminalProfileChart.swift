import PeachCore
import PeachPresentation
import PeachText

/// The perceptual profile as text: threshold (●) per note over a keyboard axis, with the
/// 95 % interval (░) around it, on a logarithmic cents axis. Unknown regions show · on the floor.
public enum TerminalProfileChart {
    static let labelWidth = 7

    /// `width` × `height` lines: `height - 2` plot rows, the axis and the note names.
    public static func render(_ model: ProfileChartModel, width: Int, height: Int, style: Styler) -> [String] {
        let plotRows = max(height - 2, 2)
        let plotWidth = max(width - labelWidth - 1, 1)
        let columns = ChartColumns(model: model, width: plotWidth)
        // Few notes get wider columns (up to 3) so a short range still fills the chart.
        let cellWidth = min(max(plotWidth / max(columns.columns.count, 1), 1), 3)
        let scale = ThresholdScale(fitting: model)

        func row(_ cents: Double) -> Int {
            plotRows - 1 - Int((scale.fraction(cents) * Double(plotRows - 1)).rounded())
        }

        var grid = Array(repeating: Array(repeating: " ", count: columns.columns.count), count: plotRows)
        for (index, column) in columns.columns.enumerated() {
            guard let threshold = column.threshold else {
                grid[plotRows - 1][index] = style.dim("·")
                continue
            }
            let top = row(column.high)
            let bottom = row(column.low)
            for bandRow in top...bottom { grid[bandRow][index] = style.dim("░") }
            grid[row(threshold)][index] = style.accent("●")
        }

        var tickRows: [Int: String] = [:]
        for tick in scale.decadeTicks { tickRows[row(tick)] = LocalizedNumber.localizing(ThresholdScale.tickLabel(tick)) + " ct" }

        var lines: [String] = []
        for rowIndex in 0..<plotRows {
            let label = tickRows[rowIndex].map { pad($0, labelWidth - 1) + "┤" } ?? String(repeating: " ", count: labelWidth - 1) + "│"
            lines.append(label + grid[rowIndex].map { String(repeating: $0, count: cellWidth) }.joined())
        }
        var axis = Array(repeating: "─", count: columns.columns.count * cellWidth)
        var names = Array(repeating: " ", count: columns.columns.count * cellWidth + 3)
        var nextFree = 0
        for (column, note) in columns.octaveStarts {
            let index = column * cellWidth
            axis[index] = "┴"
            let name = Array(note.name)
            // Skip a label that would collide with the previous one.
            guard index >= nextFree, index + name.count <= names.count else { continue }
            for (offset, character) in name.enumerated() { names[index + offset] = String(character) }
            nextFree = index + name.count + 1
        }
        lines.append(String(repeating: " ", count: labelWidth - 1) + "└" + axis.joined())
        lines.append(String(repeating: " ", count: labelWidth) + names.joined())
        return lines.map { TextLayout.fit($0, width: width) }
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(width - text.count, 0)) + text
    }
}
