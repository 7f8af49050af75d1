/// Where the user is heading: the latest stretch of training against the first, judged by their estimates'
/// 95 % intervals (`DisciplineProgress.trend`), never by the difficulties an adaptive staircase happened to play.
public enum TrainingTrend: String, Hashable, Sendable, CaseIterable {
    case improving
    case stable
    case declining

    /// Smaller is better: improving only when the intervals do not overlap and `latest` lies below.
    public init(from first: ProgressEstimate, to latest: ProgressEstimate) {
        if latest.upper < first.lower {
            self = .improving
        } else if latest.lower > first.upper {
            self = .declining
        } else {
            self = .stable
        }
    }
}
