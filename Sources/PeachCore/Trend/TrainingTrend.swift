/// Where the user is heading, from recent against earlier records.
public enum TrainingTrend: String, Hashable, Sendable, CaseIterable {
    case improving
    case stable
    case declining
}
