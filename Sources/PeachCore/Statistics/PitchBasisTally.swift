/// How many of a discipline's trials rest on each pitch basis, and how many say nothing (recorded before
/// records stated it, or imported from iOS Peach): what the profile tells about the pitch figures it shows.
public struct PitchBasisTally: Hashable, Sendable {
    public private(set) var counts: [PitchBasis: Int] = [:]
    /// Trials whose record does not state a basis.
    public private(set) var unknown = 0

    public init() {}

    public mutating func add(_ basis: PitchBasis?) {
        guard let basis else {
            unknown += 1
            return
        }
        counts[basis, default: 0] += 1
    }

    public func count(_ basis: PitchBasis) -> Int { counts[basis] ?? 0 }

    /// Every trial counted, with or without a basis.
    public var total: Int { counts.values.reduce(unknown, +) }
}
