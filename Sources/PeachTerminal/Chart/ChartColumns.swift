import PeachCore

/// Groups the profile's notes into at most `width` columns: one note per column when they fit,
/// otherwise neighbouring notes share a column (mean threshold, widest spread).
struct ChartColumns {
    struct Column: Hashable {
        var notes: [MIDINote]
        var threshold: Double?
        var spread: Double
    }

    let columns: [Column]

    init(model: ProfileChartModel, width: Int) {
        let points = model.points
        guard !points.isEmpty, width > 0 else { columns = []; return }
        let perColumn = max(1, (points.count + width - 1) / width)
        columns = stride(from: 0, to: points.count, by: perColumn).map { start in
            let group = points[start..<min(start + perColumn, points.count)]
            let thresholds = group.compactMap { $0.threshold?.value }
            return Column(notes: group.map(\.note),
                          threshold: thresholds.isEmpty ? nil : thresholds.reduce(0, +) / Double(thresholds.count),
                          spread: group.compactMap { $0.spread?.value }.max() ?? 0)
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
