import PeachCore
import PeachText

/// Whether the thresholds are getting smaller (better) over recent sessions.
public enum ProfileTrend: Hashable, Sendable {
    case improving
    case stable
    case declining

    /// Arrow and word; the arrow points the way the skill goes, not the threshold.
    public var label: String {
        switch self {
        case .improving: tr(.trendImproving)
        case .stable: tr(.trendStable)
        case .declining: tr(.trendDeclining)
        }
    }
}

/// One note of the perceptual profile: the threshold of its keyboard region and how uncertain that is.
public struct ProfileChartPoint: Hashable, Sendable {
    public var note: MIDINote
    /// The 75 % threshold estimate (posterior median); nil = unknown (no answers in or near this region).
    public var threshold: Cents?
    /// The 95 % interval around it: a band that means uncertainty, not stimulus spread; nil = unknown.
    public var band: ClosedRange<Cents>?

    public init(note: MIDINote, threshold: Cents?, band: ClosedRange<Cents>? = nil) {
        self.note = note
        self.threshold = threshold
        self.band = band
    }
}

/// Everything the profile chart draws, filled by the app from the real profile.
public struct ProfileChartModel: Hashable, Sendable {
    /// One per note of the keyboard axis, lowest first.
    public var points: [ProfileChartPoint]
    /// One threshold over the whole keyboard, with its interval: the threshold now (the latest training day).
    public var overall: ThresholdEstimate?
    public var trend: ProfileTrend?

    public init(points: [ProfileChartPoint], overall: ThresholdEstimate? = nil, trend: ProfileTrend? = nil) {
        self.points = points
        self.overall = overall
        self.trend = trend
    }

    /// Every note in `range` untrained: what a newcomer sees.
    public static func empty(range: ClosedRange<MIDINote>) -> ProfileChartModel {
        ProfileChartModel(points: range.notes.map { ProfileChartPoint(note: $0, threshold: nil) })
    }

    public var hasData: Bool { points.contains { $0.threshold != nil } }
}
