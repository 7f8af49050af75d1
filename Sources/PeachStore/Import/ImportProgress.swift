/// Where a long import is: checking rows, then saving records.
public struct ImportProgress: Equatable, Sendable {
    public enum Phase: Sendable { case checking, saving }
    public var phase: Phase
    public var done: Int
    public var total: Int
}
