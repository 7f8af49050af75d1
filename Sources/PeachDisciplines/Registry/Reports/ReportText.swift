import Foundation
import PeachCore

/// Words and figures every discipline's text section uses alike.
public enum ReportText {
    /// "improving", or why there is no trend yet.
    public static func describe(_ trend: TrainingTrend?) -> String {
        trend.map(\.rawValue) ?? "not enough data yet (\(2 * TrainingTrendRule().windowSize) records needed)"
    }

    /// One decimal, as every figure in the report.
    public static func format(_ value: Double) -> String { String(format: "%.1f", value) }
}
