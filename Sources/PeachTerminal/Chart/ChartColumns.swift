import PeachCore
import PeachPresentation

/// Groups the profile's notes into at most `width` columns: one note per column when they fit,
/// otherwise neighbouring notes share a column (mean threshold, the band covering all of theirs).
struct ChartColumns {
    struct Column: Hashable {
        var notes: [MIDINote]
        var threshold: Double?
        /// The band's ends (the threshold itself when no band is known).
        var low: Double
        var high: Double
    }

    let columns: [Column]

    init(model: ProfileChartModel, width: Int) {
        let points = model.points
        guard !points.isEmpty, width > 0 else { columns = []; return }
        let perColumn = max(1, (points.count + width - 1) / width)
        columns = stride(from: 0, to: points.count, by: perColumn).map { start in
            let group = points[start..<min(start + perColumn, points.count)]
            let thresholds = group.compactMap { $0.threshold?.value }
            let threshold = thresholds.isEmpty ? nil : thresholds.reduce(0, +) / Double(thresholds.count)
            let lows = group.compactMap { $0.band?.lowerBound.value } + (threshold.map { [$0] } ?? [])
            let highs = group.compactMap { $0.band?.upperBound.value } + (threshold.map { [$0] } ?? [])
            return Column(notes: group.map(\.note), threshold: threshold, low: lows.min() ?? 0, high: highs.max() ?? 0)
        }
    }

    /// Index of the column holding each C (for axis labels).
    var octaveStarts: [(index: Int, note: MIDINote)] {
        var result: [(Int, MIDINote)] = []
        for (index, column) in columns.enumerated() {
            if let c = column.notes.first(where: { $0.rawValue % 12 == 0 }) { result.append((index, c)) }
        }
        return result
    }
}
