import PeachALSA
import PeachAudio
import PeachCore
import PeachMIDI

/// The latency probe as played during a capture: its clicks on Peach's queue, the queue clock's mapping
/// onto CLOCK_MONOTONIC read around them, and the first frame of the recording that belongs to it.
/// `latencies(in:clock:sampleRate:)` finds each click's onset in the recording and converts it, through
/// the capture's own timestamps and that mapping, to the queue's clock: latency = onset − scheduled time.
struct PlayedLatencyProbe: Sendable {
    var probe: LatencyProbe
    var mapping: QueueClockMapping
    var firstFrame: Int

    /// How long before the first click it is scheduled: the clicks are all in the kernel's queue by then.
    static let lead = Duration.milliseconds(300)

    /// Schedules the probe's clicks ahead at absolute times through the rhythm player (never by sleeping)
    /// and waits on the queue until the last has rung out; the clock mapping is read before and after,
    /// and the tighter kept.
    static func play(on sequencer: ALSASequencer, startingAtFrame firstFrame: Int) async throws -> PlayedLatencyProbe {
        let timer = try? await sequencer.queueTimer()
        let before = try await sequencer.queueClockMapping()
        let player = MidiRhythmPlayer(port: sequencer, sound: LatencyProbe.sound)
        let probe = LatencyProbe.plan(from: try await sequencer.queueNow() + lead, timer: timer)
        try await player.schedule(probe.rhythm)
        try await player.waitUntil(probe.end)
        let after = try await sequencer.queueClockMapping()
        return PlayedLatencyProbe(probe: probe, mapping: before.tighter(after), firstFrame: firstFrame)
    }

    /// Each heard click's latency; empty when the capture gave no timestamps.
    func latencies(in samples: [Double], clock: CaptureFrameClock, sampleRate: Double) -> [Milliseconds] {
        guard !clock.isEmpty, firstFrame < samples.count else { return [] }
        let onsets = OnsetDetector(sampleRate: sampleRate).onsets(in: Array(samples[firstFrame...]))
        let heard = onsets.compactMap { onset in
            clock.monotonicNanoseconds(ofFrame: Double(firstFrame + onset)).map(mapping.queueInstant(atMonotonic:))
        }
        return probe.latencies(heard: heard)
    }
}
