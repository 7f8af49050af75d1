import PeachCore
import Testing

@Suite struct MeasuredLatencyTests {
    static func latency(_ values: [Double]) -> MeasuredLatency? {
        MeasuredLatency(measurements: values.map(Milliseconds.init))
    }

    @Test func anOddCountTakesTheMiddleValue() throws {
        let latency = try #require(Self.latency([12, 10, 30, 11, 9]))
        #expect(latency.median == Milliseconds(11))
        #expect(latency.count == 5)
    }

    @Test func anEvenCountTakesTheMeanOfTheMiddlePair() throws {
        #expect(try #require(Self.latency([4, 1, 3, 2])).median == Milliseconds(2.5))
    }

    @Test func theSpreadIsTheScaledMedianAbsoluteDeviationSoOneStrayValueDoesNotInflateIt() throws {
        // Deviations from 11: 1, 1, 19, 0, 2 → median 1 → spread 1.4826.
        let latency = try #require(Self.latency([12, 10, 30, 11, 9]))
        #expect(abs(latency.spread.value - 1.4826) < 1e-9)
    }

    @Test func noMeasurementsGiveNoLatency() {
        #expect(Self.latency([]) == nil)
    }
}
