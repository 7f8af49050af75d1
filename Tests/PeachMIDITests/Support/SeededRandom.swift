import PeachCore

/// The tests' seeded generator: PeachCore's SplitMix64.
typealias SeededRandom = SplitMix64
