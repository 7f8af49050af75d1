import PeachCore
import PeachPresentation

/// The Start screen's one-line profile: a block per note (taller = larger threshold, so lower is
/// better), · for untrained notes, and the range's end notes underneath.
public enum CompactProfilePreview {
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// Two lines: the blocks and the end-note labels, each at most `width` columns.
    public static func render(_ model: ProfileChartModel, width: Int, style: Styler) -> [String] {
        let columns = ChartColumns(model: model, width: width).columns
        let scale = ThresholdScale(fitting: model)
        let bar = columns.map { column -> String in
            guard let threshold = column.threshold else { return style.dim("·") }
            let level = min(Int(scale.fraction(threshold) * Double(blocks.count)), blocks.count - 1)
            return String(blocks[level])
        }.joined()
        guard let first = model.points.first?.note, let last = model.points.last?.note else { return [bar, ""] }
        let labels = TextLayout.spread(first.name, last.name, width: max(columns.count, first.name.count + last.name.count + 1))
        return [bar, labels]
    }
}
