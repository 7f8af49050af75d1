import PeachCore

/// The tests' seeded generator: PeachCore's SplitMix64.
public typealias SeededRandom = SplitMix64
