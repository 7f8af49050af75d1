import Foundation
import PeachALSA
import PeachAudio
import PeachCore
import PeachMIDI

/// Figure 8b: the rhythm through audio (docs/rhythm-timing.md, "Through audio"): what the synth adds to
/// clicks the queue delivers on time. Peach's rhythm player (`MIDIOutputService.rhythmPlayer`, as the timing
/// disciplines use it) plays 16-click sixteenth patterns to the test synth (its default 25 ms periods) and to
/// FluidSynth, each rendering in real time into the snd-aloop loopback card; the capture side is recorded
/// (`PCMCapture`), each click's onset found (`OnsetDetector`) and placed on Peach's queue clock through the
/// capture's timestamps and the queue clock mapping, as `peach calibrate --capture` does.
///
/// Per tempo and synth: the onset error against the pattern's own grid (each click's onset − scheduled time,
/// less the pattern's median of that: what a listener hears as unevenness), p50/p99 of its magnitude; the
/// SD of the inter-onset intervals; and the latency (onset − scheduled time), median and robust spread.
@MainActor
enum RhythmAudioBenchmark {
    static let name = "rhythm-audio"
    static let device = (playback: "hw:Loopback,0,0", capture: "hw:Loopback,1,0")
    static let steps = 16

    struct PlayedPattern {
        var bpm: Int
        var clicks: [QueueInstant]
    }

    static func run(report: BenchReport, short: Bool) async {
        guard FileManager.default.fileExists(atPath: "/proc/asound/Loopback") else {
            report.unmeasurable(name, "no loopback card (snd-aloop): scripts/bench loads it in the VM (run-in-alsa-vm.sh -M snd-aloop)")
            return
        }
        let tempos = short ? [120] : [60, 120, 200]
        let patterns = short ? 3 : 6
        do {
            let synthName = "Peach Bench Rhythm Synth"
            let synth = try TestSynthProcess(["--name", synthName, "--device", device.playback])
            defer { synth.stop() }
            try await measure(report: report, label: "test synth", synthName: synthName, tempos: tempos, patterns: patterns)
        } catch {
            report.unmeasurable(name, "test synth: \(error)")
        }
        do {
            let synthName = "Peach Bench Rhythm FluidSynth"
            let synth = try LoopbackFluidSynth(name: synthName, device: device.playback)
            defer { synth.stop() }
            try synth.waitUntilLoaded()
            try await measure(report: report, label: "FluidSynth", synthName: synthName, tempos: tempos, patterns: patterns)
        } catch {
            report.unmeasurable(name, "FluidSynth: \(error)")
        }
    }

    static func measure(report: BenchReport, label: String, synthName: String, tempos: [Int], patterns: Int) async throws {
        let sequencer = try benchSequencer("Peach")
        defer { sequencer.close() }
        guard let port = try await sequencer.ports().first(where: { $0.clientName == synthName && $0.acceptsOutput }) else {
            throw BenchError("\(synthName)'s port is not listed")
        }
        let service = MIDIOutputService(port: sequencer, directory: sequencer, ownOutput: sequencer.outputAddress,
                                        clock: SystemTrainingClock())
        try await service.connect(to: port)
        let rhythm = service.rhythmPlayer
        let timer = try await sequencer.queueTimer()
        let capture = try PCMCapture(device: device.capture)
        try await Task.sleep(for: .milliseconds(300))
        let before = try await sequencer.queueClockMapping()
        // One unmeasured pattern first: the first clicks after a client opens can come late (docs/rhythm-timing.md).
        _ = try await play(bpm: 120, steps: 4, rhythm: rhythm, timer: timer)
        var played: [PlayedPattern] = []
        for bpm in tempos {
            for _ in 0..<patterns { played.append(try await play(bpm: bpm, steps: steps, rhythm: rhythm, timer: timer)) }
        }
        let mapping = before.tighter(try await sequencer.queueClockMapping())
        let samples = try capture.stop()
        let clock = capture.frameClock
        guard !clock.isEmpty else { throw BenchError("the capture gave no timestamps") }
        let onsets = OnsetDetector(sampleRate: Double(capture.sampleRate)).onsets(in: samples).compactMap { frame in
            clock.monotonicNanoseconds(ofFrame: Double(frame)).map(mapping.queueInstant(atMonotonic:))
        }
        print("\(name): \(label): \(onsets.count) onsets heard for \(played.count * steps + 4) clicks, "
              + "\(capture.overruns) capture overruns, queue clock read within \(BenchReport.format(Double(mapping.uncertaintyNanoseconds) / 1e6)) ms")
        let delay = LatencyProbe(clicks: played.flatMap(\.clicks)).commonDelay(onsets)
        for bpm in tempos {
            summarise(played.filter { $0.bpm == bpm }, onsets: onsets, delay: delay, label: label, bpm: bpm, to: report)
        }
    }

    /// One pattern of `steps` sixteenths, its start on a queue wake-up 500 ms ahead, scheduled at once; returns when
    /// it has rung out (its last click plus 400 ms, for the synth's latency).
    static func play(bpm: Int, steps: Int, rhythm: MidiRhythmPlayer, timer: QueueTimerInfo) async throws -> PlayedPattern {
        let interval = Duration.milliseconds(15_000) / bpm
        let start = timer.nearestWakeUp(to: try await rhythm.queueNow() + .milliseconds(500))
        let clicks = (0..<steps).map { timer.nearestWakeUp(to: start + interval * $0) }
        try await rhythm.schedule(clicks.enumerated().map { RhythmClick(time: $1, accent: $0 == 0) })
        try await rhythm.waitUntil(clicks.last! + .milliseconds(400))
        return PlayedPattern(bpm: bpm, clicks: clicks)
    }
}
