import PeachCore
import Testing
@testable import PeachMIDI

private func makeReading(before: Int64, value: Int64, after: Int64) -> ClockReading {
    ClockReading(before: before, value: value, after: after)
}

/// The queue clock against CLOCK_MONOTONIC: the narrowest bracket wins.
@Suite struct QueueClockMappingTests {
    @Test func theNarrowestReadingGivesTheOffset() throws {
        // The queue is 1 000 000 ns behind the monotonic clock; the slow readings err by up to their width.
        let readings = [makeReading(before: 5_000_000, value: 4_150_000, after: 5_400_000),
                        makeReading(before: 6_000_000, value: 5_010_000, after: 6_020_000),
                        makeReading(before: 7_000_000, value: 6_000_000, after: 7_900_000)]
        let mapping = try #require(QueueClockMapping(tightestOf: readings))
        #expect(mapping.offsetNanoseconds == -1_000_000)
        #expect(mapping.uncertaintyNanoseconds == 20_000)
        #expect(mapping.queueInstant(atMonotonic: 9_000_000) == QueueInstant(nanoseconds: 8_000_000))
        #expect(mapping.monotonicNanoseconds(of: QueueInstant(nanoseconds: 8_000_000)) == 9_000_000)
    }

    @Test func noReadingsOrOnlyBackwardOnesGiveNoMapping() {
        #expect(QueueClockMapping(tightestOf: []) == nil)
        #expect(QueueClockMapping(tightestOf: [makeReading(before: 10, value: 5, after: 9)]) == nil)
    }

    @Test func theTighterOfTwoMappingsIsKept() {
        let loose = QueueClockMapping(offsetNanoseconds: 7, uncertaintyNanoseconds: 50_000)
        let tight = QueueClockMapping(offsetNanoseconds: 3, uncertaintyNanoseconds: 2_000)
        #expect(loose.tighter(tight) == tight)
        #expect(tight.tighter(loose) == tight)
    }
}
