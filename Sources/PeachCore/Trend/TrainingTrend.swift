/// Where the user is heading: now against where they started, as the time-following model judges it
/// (`DisciplineProgress.trend`), never by the difficulties an adaptive staircase happened to play.
public enum TrainingTrend: String, Hashable, Sendable, CaseIterable {
    case improving
    case stable
    case declining
}
