/// Finds where short sounds (clicks, note attacks) begin in a recording, to well under a millisecond.
///
/// Two passes. A coarse one over 1 ms hops finds each sound: a hop whose peak reaches `trigger` of the
/// loudest hop and four times (12 dB) the quietest hop of the `quietGap` seconds before it, once the last
/// sound found has faded to a quarter of its loudest (so a held note or its decay does not count again,
/// while a click on the tail of the last one still does). A fine one walks back from the first sample at the trigger level to where the sound
/// rose out of what came before: the first sample at or above the start level (`start` of this sound's
/// peak, and twice the loudest sample of the 5 ms before the walk, so noise or the last sound's tail
/// cannot pass for it) after a run of `quietRun` seconds below it. A run, not a sample: a tone's zero
/// crossings dip below any level for a moment.
public struct OnsetDetector: Sendable {
    public var sampleRate: Double
    public var trigger: Double
    public var start: Double
    public var quietGap: Double
    public var quietRun: Double
    /// How much louder than the quietest hop of the gap before it a sound's hop must be.
    static let rise = 4.0
    /// How far back from the trigger sample the start is looked for.
    public var lookBack: Double

    public init(sampleRate: Double, trigger: Double = 0.2, start: Double = 0.02, quietGap: Double = 0.03,
                quietRun: Double = 0.001, lookBack: Double = 0.015) {
        self.sampleRate = sampleRate
        self.trigger = trigger
        self.start = start
        self.quietGap = quietGap
        self.quietRun = quietRun
        self.lookBack = lookBack
    }

    /// Each sound's first sample (frame index into `samples`), in order.
    public func onsets(in samples: [Double]) -> [Int] {
        triggers(in: samples).map { refine($0, in: samples) }
    }

    /// The first sample at the trigger level of each sound.
    func triggers(in samples: [Double]) -> [Int] {
        let hop = max(Int(sampleRate / 1000), 1)
        let peaks = stride(from: 0, to: samples.count, by: hop).map { first in
            samples[first..<min(first + hop, samples.count)].reduce(0) { max($0, abs($1)) }
        }
        guard let loudest = peaks.max(), loudest > 0 else { return [] }
        let loud = trigger * loudest
        let gapHops = max(Int(quietGap * 1000), 1)
        var found: [Int] = []
        var loudestSince: Double?  // the loudest hop since the last sound was found, until it has faded
        for (index, peak) in peaks.enumerated() {
            if let since = loudestSince {
                loudestSince = peak * Self.rise <= since ? nil : max(since, peak)
                continue
            }
            let before = peaks[max(index - gapHops, 0)..<index].min() ?? 0
            guard peak >= loud, peak >= Self.rise * before else { continue }
            let first = index * hop
            let end = min(first + hop, samples.count)
            found.append((first..<end).first { abs(samples[$0]) >= loud } ?? first)
            loudestSince = peak
        }
        return found
    }

    /// Walks back from `triggerSample` to the sound's first sample (see the type's description).
    func refine(_ triggerSample: Int, in samples: [Double]) -> Int {
        let back = Int(lookBack * sampleRate)
        let earliest = max(triggerSample - back, 0)
        let peakEnd = min(triggerSample + Int(0.02 * sampleRate), samples.count)
        let peak = samples[triggerSample..<peakEnd].reduce(0) { max($0, abs($1)) }
        let before = samples[max(earliest - Int(0.005 * sampleRate), 0)..<earliest].reduce(0) { max($0, abs($1)) }
        let level = max(start * peak, 2 * before)
        let run = max(Int(quietRun * sampleRate), 1)
        var onset = triggerSample
        var below = 0
        var index = triggerSample - 1
        while index >= earliest {
            if abs(samples[index]) >= level {
                onset = index
                below = 0
            } else {
                below += 1
                if below >= run { break }
            }
            index -= 1
        }
        return onset
    }
}
