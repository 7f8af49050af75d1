import Foundation
import PeachCore

/// Words and figures every discipline's text section uses alike.
public enum ReportText {
    /// The progress line every trained discipline's section ends with: its trend and the stretches compared.
    @MainActor
    public static func progressLine(_ discipline: TrainingDiscipline, unit: String, in context: ReportContext) -> String {
        "  progress: " + ProgressText.line(context.profile.progress(of: discipline), unit: unit, dated: true)
    }

    /// One decimal, as every figure in the report.
    public static func format(_ value: Double) -> String { String(format: "%.1f", value) }
}
