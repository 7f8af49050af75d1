import Testing

/// The heard grid the end-to-end rhythm tests score against (`HeardGrid`): exact on a steady grid, and one click the
/// VM delivered late moves neither the line nor the step count.
@Suite struct HeardGridTests {
    static let step: UInt64 = 125_000_000
    static let start: UInt64 = 10_000_000_000

    /// Steps 0-2 of 16 cycles (the fourth step is the gap), each click a little off (±0.1 ms), and a tap 7 ms after
    /// each gap; `firstLate` ms added to the first click.
    static func clicks(firstLate: Double = 0) -> [UInt64] {
        (0..<16).flatMap { cycle in (0..<3).map { UInt64(4 * cycle + $0) } }.enumerated().map { index, step in
            let jitter = UInt64(index % 3 == 0 ? 100_000 : 0)
            let late = index == 0 ? UInt64(firstLate * 1e6) : 0
            return start + step * Self.step + jitter + late
        }
    }

    static let taps = (0..<16).map { start + UInt64(4 * $0 + 3) * step + 7_000_000 }
    static let accents = (0..<16).map { start + UInt64(4 * $0) * step }

    @Test func aSteadyGridPutsEachTapWhereItWas() {
        let offsets = HeardGrid.offsets(fromLineThrough: Self.clicks(), step: Self.step, taps: Self.taps, every: 4, at: 3)
        #expect(offsets.count == 16 && offsets.allSatisfy { abs($0 - 7) < 0.05 }, "\(offsets)")
    }

    @Test func aFirstClickSeventySixMillisecondsLateMovesNothing() {
        var accents = Self.accents
        accents[0] += 76_000_000
        let origin = HeardGrid.cycleOrigin(accents: accents, cycle: 4 * Self.step)
        #expect(origin.map { ($0 - Self.start) % (4 * Self.step) } == 0)
        let offsets = HeardGrid.offsets(fromLineThrough: Self.clicks(firstLate: 76), step: Self.step, taps: Self.taps,
                                        every: 4, at: 3, origin: origin)
        #expect(offsets.count == 16 && offsets.allSatisfy { abs($0 - 7) < 0.05 }, "\(offsets)")
        // Counted from the late click itself, every step is one off: the origin must come from the cycles.
        let fromTheLateClick = HeardGrid.offsets(fromLineThrough: Self.clicks(firstLate: 76), step: Self.step,
                                                 taps: Self.taps, every: 4, at: 3)
        #expect(!fromTheLateClick.allSatisfy { abs($0 - 7) < 0.05 })
    }
}
