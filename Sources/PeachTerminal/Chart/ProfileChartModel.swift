import PeachCore

/// Whether the thresholds are getting smaller (better) over recent sessions.
public enum ProfileTrend: Hashable, Sendable {
    case improving
    case stable
    case declining

    /// Arrow and word; the arrow points the way the skill goes, not the threshold.
    public var label: String {
        switch self {
        case .improving: "↗ improving"
        case .stable: "→ stable"
        case .declining: "↘ declining"
        }
    }
}

/// One note of the perceptual profile: its detection threshold and how uncertain that is.
public struct ProfileChartPoint: Hashable, Sendable {
    public var note: MIDINote
    /// nil = not trained yet.
    public var threshold: Cents?
    /// ± around the threshold (e.g. one standard deviation); nil = unknown.
    public var spread: Cents?

    public init(note: MIDINote, threshold: Cents?, spread: Cents? = nil) {
        self.note = note
        self.threshold = threshold
        self.spread = spread
    }
}

/// Everything the profile chart draws, filled by the app from the real profile.
public struct ProfileChartModel: Hashable, Sendable {
    /// One per note of the keyboard axis, lowest first.
    public var points: [ProfileChartPoint]
    public var mean: Cents?
    public var standardDeviation: Cents?
    public var trend: ProfileTrend?

    public init(points: [ProfileChartPoint], mean: Cents? = nil, standardDeviation: Cents? = nil, trend: ProfileTrend? = nil) {
        self.points = points
        self.mean = mean
        self.standardDeviation = standardDeviation
        self.trend = trend
    }

    /// Every note in `range` untrained: what a newcomer sees.
    public static func empty(range: ClosedRange<MIDINote>) -> ProfileChartModel {
        ProfileChartModel(points: range.notes.map { ProfileChartPoint(note: $0, threshold: nil) })
    }

    public var hasData: Bool { points.contains { $0.threshold != nil } }
}
