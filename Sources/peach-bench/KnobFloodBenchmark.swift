import Foundation

/// The knob benchmark while the page's server is flooded: figure 1's rounds at 2000 positions a second (the forwarder,
/// then Peach's one-hop path), with a page server in this process, as in `peach web`, taking malformed requests, idle
/// and stalled connections (`PageFlood`) all through each of Peach's blocks. The goal is figure 1's own: Peach's
/// latency at most 1.5 × the forwarder's or within the allowance, paired round by round. The flood counts what it
/// sent and checks that the page is still served after every round.
@MainActor
enum KnobFloodBenchmark {
    static let label = "2000/s, the page flooded"

    static func run(report: BenchReport, short: Bool) async {
        let rate = 2000.0, perRound = (short ? 1800 : 4200) / LatencyBenchmark.rounds
        do {
            let flood = try PageFlood()
            var rounds: [(reference: LatencyBenchmark.Result, peach: LatencyBenchmark.Result)] = []
            var sent = PageFlood.Tally(), servedAfterEvery = true
            for _ in 0..<LatencyBenchmark.rounds {
                let forwarded = try await LatencyBenchmark.measureReference(rate: rate, count: perRound)
                flood.start()
                let played: LatencyBenchmark.Result
                do {
                    played = try await LatencyBenchmark.measurePeach(rate: rate, count: perRound, staleAllowance: forwarded.minimum)
                } catch {
                    _ = flood.stop()
                    throw error
                }
                let stopped = flood.stop()
                sent.malformed += stopped.tally.malformed
                sent.refused += stopped.tally.refused
                servedAfterEvery = servedAfterEvery && stopped.answersThePage
                rounds.append((forwarded, played))
            }
            let latencies = rounds.flatMap(\.peach.latencies)
            report.add("knob-flood", "Peach \(label) p50", percentile(latencies, 50), "µs", note: "n=\(latencies.count)")
            report.add("knob-flood", "Peach \(label) p99", percentile(latencies, 99), "µs")
            LatencyBenchmark.reportPaired("knob-flood", label: label, rounds: rounds, report: report)
            report.add("knob-flood", "malformed requests while the knob was measured", Double(sent.malformed), "requests",
                       goal: "≥ 1000", met: sent.malformed >= 1000,
                       note: "each on a new connection, beside 200 idle and 20 stalled connections held open")
            report.add("knob-flood", "of them refused with a 4xx", Double(sent.refused), "requests",
                       goal: "every one", met: sent.refused == sent.malformed)
            report.add("knob-flood", "the page served to its cookie after every round's flood", servedAfterEvery ? 1 : 0, "",
                       goal: "1", met: servedAfterEvery)
        } catch {
            report.unmeasurable("knob-flood", "\(error)")
        }
    }
}
