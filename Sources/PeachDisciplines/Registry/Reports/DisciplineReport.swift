import PeachCore
import PeachPresentation

/// How one discipline shows in the profile: `peach profile` text, `--json` and the SVG chart. Each method
/// gets one of the discipline's statistics keys (e.g. P5 comparison in just intonation).
@MainActor
public protocol DisciplineReport {
    /// Keys shown even before any training ("no comparisons yet"), first in the report.
    var alwaysShown: [TrainingDiscipline] { get }
    /// The discipline's name as the profile calls it ("Interval discrimination (P5 comparison, just intonation)").
    func title(_ discipline: TrainingDiscipline) -> String
    /// The section's lines, headed by its title (no trailing empty line).
    func lines(for discipline: TrainingDiscipline, in context: ReportContext) -> [String]
    /// The top-level `--json` array this discipline's entries go to ("disciplines", "thresholdTests"), kept even
    /// when empty, and the entry for `discipline` (nil: nothing to list).
    var jsonKey: String { get }
    func json(for discipline: TrainingDiscipline, in context: ReportContext) -> [any Encodable & Sendable]
    /// The discipline's panel of the SVG chart.
    func svgPanel(for discipline: TrainingDiscipline, in context: ReportContext) -> SVGPanel
    /// The unit its progress is charted and told in ("cents", "ms").
    var progressUnit: String { get }
    /// Its part of the Profile screen's first page (`ProfileOverview`); nil: it shows only on its own pages.
    func overview(in context: ReportContext) -> ProfileOverviewPart?
    /// The threshold chart over the keyboard that heads the Profile and Start screens; nil: not this discipline's.
    func overviewChart(in context: ReportContext) -> ProfileChartModel?
}

extension DisciplineReport {
    public var progressUnit: String { "cents" }
    public func overview(in context: ReportContext) -> ProfileOverviewPart? { nil }
    public func overviewChart(in context: ReportContext) -> ProfileChartModel? { nil }
}

/// What every report section reads: the profile (with every discipline's progress and trend) and the configured
/// note range.
@MainActor
public struct ReportContext {
    public var profile: PerceptualProfile
    public var range: ClosedRange<MIDINote>

    public init(profile: PerceptualProfile, range: ClosedRange<MIDINote>) {
        self.profile = profile
        self.range = range
    }
}
