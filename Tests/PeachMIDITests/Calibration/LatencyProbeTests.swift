import PeachCore
import Testing
@testable import PeachMIDI

private let start = QueueInstant(nanoseconds: 20_000_000_000)

/// The hrtimer at its default 1000 Hz: a wake-up every millisecond.
private func makeTimer() -> QueueTimerInfo {
    QueueTimerInfo(timerClass: .global, device: 3, resolutionNanoseconds: 1)
}

/// Onsets `latency` ms (plus each click's own jitter) after the probe's clicks.
private func makeOnsets(_ probe: LatencyProbe, latency: Double, jitter: (Int) -> Double = { _ in 0 }) -> [QueueInstant] {
    probe.clicks.enumerated().map { index, click in click + Milliseconds(latency + jitter(index)).duration }
}

/// The latency probe: irregular clicks on the queue's wake-ups, onsets matched to them.
@Suite struct LatencyProbeTests {
    @Test func clicksAre150To250MillisecondsApartIrregularlyAndOnWakeUps() {
        let probe = LatencyProbe.plan(from: start + .microseconds(300), timer: makeTimer())
        #expect(probe.clicks.count == 40)
        let gaps = zip(probe.clicks, probe.clicks.dropFirst()).map { Double(($1 - $0).nanoseconds) / 1e6 }
        #expect(gaps.allSatisfy { $0 >= 149 && $0 <= 251 }, "\(gaps)")
        #expect(Set(gaps).count >= 30, "the spacing must not repeat: \(gaps)")
        #expect(probe.clicks.allSatisfy { $0.nanoseconds % 1_000_000 == 0 })
        #expect(probe.rhythm.allSatisfy { $0.accent })
    }

    @Test func eachClickGetsItsOwnLatency() {
        let probe = LatencyProbe.plan(from: start, timer: nil)
        let onsets = makeOnsets(probe, latency: 87, jitter: { Double($0 % 5) - 2 })
        let latencies = probe.latencies(heard: onsets)
        #expect(latencies.count == 40)
        for (index, latency) in latencies.enumerated() {
            #expect(abs(latency.value - (87 + Double(index % 5) - 2)) < 1e-6)
        }
        let measured = probe.measure(heard: onsets)
        #expect(measured?.median == Milliseconds(87))
        #expect(measured?.count == 40)
    }

    /// A latency longer than the clicks' spacing is found too: the irregular spacing leaves one delay
    /// that fits every click. A stray onset (a tail, a double trigger) does not count.
    @Test func aLatencyLongerThanTheSpacingIsFoundAndStrayOnsetsIgnored() {
        let probe = LatencyProbe.plan(from: start, timer: nil)
        var onsets = makeOnsets(probe, latency: 412.5, jitter: { $0.isMultiple(of: 2) ? 3 : -3 })
        onsets.append(probe.clicks[7] + .milliseconds(520))
        onsets.append(start - .milliseconds(300))
        let latencies = probe.latencies(heard: onsets.shuffled())
        #expect(latencies.count == 40)
        #expect(latencies.allSatisfy { abs(abs($0.value - 412.5) - 3) < 1e-6 }, "\(latencies)")
    }

    @Test func tooFewClicksHeardGiveNoFigure() {
        let probe = LatencyProbe.plan(from: start, timer: nil)
        let onsets = Array(makeOnsets(probe, latency: 20).prefix(19))
        #expect(probe.latencies(heard: onsets).count == 19)
        #expect(probe.measure(heard: onsets) == nil)
        #expect(probe.measure(heard: []) == nil)
    }

    /// Sixteenths at 200 BPM (75 ms apart): an onset may only be taken within 30 ms of its click plus the
    /// delay, so one onset never serves two clicks; a click without an onset has none.
    @Test func aFastRhythmIsMatchedWithinLessThanHalfItsSpacing() {
        let probe = LatencyProbe(clicks: (0..<16).map { start + .milliseconds(75) * $0 })
        #expect(probe.matchTolerance == .milliseconds(30))
        var onsets = makeOnsets(probe, latency: 100)
        onsets.remove(at: 5)
        let matched = probe.matchedOnsets(heard: onsets, delay: Milliseconds(100))
        #expect(matched.count == 16)
        #expect(matched[5] == nil)
        #expect(matched.enumerated().filter { $0.offset != 5 }.allSatisfy { $0.element == probe.clicks[$0.offset] + .milliseconds(100) })
        #expect(LatencyProbe.plan(from: start, timer: nil).matchTolerance == .milliseconds(60))
    }
}
