import Foundation
import PeachALSA
import PeachAudio
import PeachCore
import PeachMIDI
import PeachText

/// Calibrates a synth Peach cannot render offline (a hardware synth, or any sequencer port) by
/// playing the calibration sequence to it and recording its audio output through an ALSA capture
/// device. Then it plays the latency probe's clicks, scheduled ahead on Peach's queue, and measures
/// when each sounded in the recording: the synth's MIDI-to-sound latency and its jitter. Also the
/// signal level.
public struct CaptureCalibrator: Sendable {
    public struct Result: Sendable {
        /// With `latency` when the probe's clicks were heard.
        public var calibration: SynthCalibration
        /// How many clicks the latency probe played, and for how many an onset was found.
        public var latencyClicks: Int
        public var latencyClicksHeard: Int
        /// False when the capture device gave no timestamps: then no click can be placed in time.
        public var captureTimestamped: Bool
        /// The loudest 10 ms of the recording, dB relative to full scale.
        public var peakLevelDB: Double
        public var overruns: Int
        /// Each probe's measured pitch, for diagnosis (the benchmark prints the bend sweep).
        public var measurements: [CalibrationMeasurement]

        public var latency: MeasuredLatency? { calibration.latency }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public var device: String
    public var plan: CalibrationPlan
    static let sampleRate = CalibrationPlan.sampleRate

    public init(device: String, plan: CalibrationPlan) {
        self.device = device
        self.plan = plan
    }

    public var sequence: CalibrationSequence { plan.sequence }

    /// Every channel a capture calibration plays on: the keys', the bend sweep's and the latency clicks'.
    public static let channels = [CalibrationSequence.keyChannel, CalibrationSequence.sweepChannel, LatencyProbe.sound.channel]

    /// Plays to `destination` (already connected on `sequencer`) while recording.
    public func calibrate(sequencer: ALSASequencer, synthName: String, date: Date = Date(),
                          progress: @Sendable (String) -> Void = { _ in }) async throws -> Result {
        let sequence = self.sequence
        let capture = try Self.openCapture(device)
        progress(tr(.capturePlaying, count: sequence.probes.count, ["seconds": "\(sequence.durationMilliseconds / 1000)",
                                      "device": device]))
        let probe = try await Self.playing(into: capture, on: sequencer) {
            try await play(sequence, on: sequencer)
            progress(tr(.captureLatencyProbe, count: LatencyProbe.defaultCount))
            return try await PlayedLatencyProbe.play(on: sequencer, startingAtFrame: capture.framesCaptured)
        }
        let samples = try checkedRecording(capture)
        progress(tr(.captureMeasuring, count: sequence.probes.count))
        let peak = try Self.checkedLevel(samples, device: device)
        let (measured, lostAudio) = try measurePitch(samples)
        var calibration: SynthCalibration
        do {
            calibration = try CalibrationAnalysis.analyse(measured, sequence: sequence, synthName: synthName,
                                                          date: CalibrationDate.day(date))
        } catch {
            // A key lost to a dropout is the machine's, not the preset's: say so, and that calibrating again helps.
            if case .keysNotMeasured(let keys) = error, !lostAudio.isDisjoint(with: keys) {
                throw Failure(description: tr(.captureLostAudio, ["keys": keys.map(\.name).joined(separator: ", ")]))
            }
            throw error
        }
        let clock = capture.frameClock
        let heard = probe.latencies(in: samples, clock: clock, sampleRate: Double(Self.sampleRate))
        calibration.latency = Self.latency(heard: heard, of: probe)
        return Result(calibration: calibration, latencyClicks: probe.probe.clicks.count, latencyClicksHeard: heard.count,
                      captureTimestamped: !clock.isEmpty, peakLevelDB: peak, overruns: capture.overruns, measurements: measured)
    }

    /// The latency probe alone (`peach calibrate --capture DEV --latency-only`): a few seconds instead of the whole
    /// sequence, for when only the synth's audio path changed (a new buffer size, another interface).
    public struct LatencyResult: Sendable {
        public var latency: MeasuredLatency?
        public var clicks: Int
        public var clicksHeard: Int
        public var captureTimestamped: Bool
        public var peakLevelDB: Double
        public var overruns: Int
    }

    /// Plays only the latency probe's clicks to `destination` (already connected on `sequencer`) while recording.
    public func measureLatency(sequencer: ALSASequencer, progress: @Sendable (String) -> Void = { _ in }) async throws -> LatencyResult {
        let capture = try Self.openCapture(device)
        progress(tr(.captureLatencyProbe, count: LatencyProbe.defaultCount))
        let probe = try await Self.playing(into: capture, on: sequencer) {
            try await PlayedLatencyProbe.play(on: sequencer, startingAtFrame: capture.framesCaptured)
        }
        let samples = try Self.stopped(capture)
        let peak = try Self.checkedLevel(samples, device: device)
        let clock = capture.frameClock
        let heard = probe.latencies(in: samples, clock: clock, sampleRate: Double(Self.sampleRate))
        return LatencyResult(latency: Self.latency(heard: heard, of: probe), clicks: probe.probe.clicks.count,
                             clicksHeard: heard.count, captureTimestamped: !clock.isEmpty, peakLevelDB: peak,
                             overruns: capture.overruns)
    }

    /// A figure only when at least half the clicks were heard.
    static func latency(heard: [Milliseconds], of probe: PlayedLatencyProbe) -> MeasuredLatency? {
        heard.count * 2 >= probe.probe.clicks.count ? MeasuredLatency(measurements: heard) : nil
    }

    /// Runs `play` while `capture` records, then lets the last sound ring out into the recording. If it fails, the
    /// recording stops and the synth is silenced: whatever is still in the queue first, so no note starts after it.
    private static func playing<Played>(into capture: PCMCapture, on sequencer: ALSASequencer,
                                        _ play: () async throws -> Played) async throws -> Played {
        let played: Played
        do {
            played = try await play()
        } catch {
            _ = try? capture.stop()
            try? await sequencer.cancelTimed()
            try? await sequencer.send(SynthSetup.silence(channels))
            throw error
        }
        try await Task.sleep(for: .milliseconds(300))
        return played
    }

    /// The recording, its device's failure said as the calibration's.
    private static func stopped(_ capture: PCMCapture) throws -> [Double] {
        do {
            return try capture.stop()
        } catch let error as PCMCapture.Failure {
            throw Failure(description: error.description)
        }
    }

    static func openCapture(_ device: String) throws -> PCMCapture {
        do {
            return try PCMCapture(device: device, sampleRate: Self.sampleRate, channels: 2)
        } catch let error as PCMCapture.Failure {
            throw Failure(description: error.description)
        }
    }

    /// The recording's left channel, once it holds most of what was played.
    private func checkedRecording(_ capture: PCMCapture) throws -> [Double] {
        let samples = try Self.stopped(capture)
        let expected = Double(sequence.durationMilliseconds) / 1000 * Double(Self.sampleRate)
        guard Double(samples.count) > 0.8 * expected else {
            throw Failure(description: tr(.captureTooFewFrames, count: samples.count, ["device": device,
                                                                 "seconds": "\(sequence.durationMilliseconds / 1000)",
                                                                 "rate": "\(Self.sampleRate)"]))
        }
        return samples
    }

    /// The peak level in dBFS, when there is a signal and it does not clip.
    static func checkedLevel(_ samples: [Double], device: String) throws -> Double {
        let peak = peakLevelDB(samples, sampleRate: Double(sampleRate))
        guard peak > ToneMeasurer.silenceDB + 20 else {
            throw Failure(description: tr(.captureNoSignal, ["device": device, "peak": "\(Int(peak))"]))
        }
        let clipped = samples.filter { abs($0) >= 0.999 }.count
        guard Double(clipped) < 0.0005 * Double(samples.count) else {
            throw Failure(description: tr(.captureClips, count: clipped))
        }
        return peak
    }

    /// Each probe's pitch, the probe placed at its time in the sequence (the queue sent it then), anchored at the
    /// first note's sound, then snapped to the note start heard nearest to that (each note follows 100 ms of
    /// silence): a starved synth or capture shifts the audio against the queue's clock.
    /// Also the keys whose tuning note was not measured because audio was lost inside it (`ToneMeasurer.lostAudio`).
    private func measurePitch(_ samples: [Double]) throws -> (measurements: [CalibrationMeasurement], lostAudio: Set<MIDINote>) {
        let recording = WAVFile(sampleRate: Double(Self.sampleRate), samples: samples)
        guard let firstProbe = sequence.probes.first, let firstOnset = recording.firstOnset(fraction: 0.05) else {
            throw Failure(description: tr(.captureNoNote))
        }
        let onset = firstOnset - Double(firstProbe.startMilliseconds) / 1000
        let edges = recording.onsets(fraction: 0.1, quiet: 0.05)
        let placed = sequence.probes.map { probe in
            var moved = probe
            let expected = onset + Double(moved.startMilliseconds) / 1000
            if let edge = edges.min(by: { abs($0 - expected) < abs($1 - expected) }), abs(edge - expected) < 0.15 {
                moved.startMilliseconds = Int(((edge - onset) * 1000).rounded())
            }
            return moved
        }
        let measured = ProbeMeasurer.measure(placed, samples: samples, sampleRate: Double(Self.sampleRate), onset: onset)
        let lost = zip(placed, measured).filter { probe, measurement in
            let window = ProbeMeasurer.window(of: probe, onset: onset)
            return measurement.sounded == nil
                && ToneMeasurer.lostAudio(samples, sampleRate: Double(Self.sampleRate), from: window.from, to: window.to)
        }.map(\.0.note)
        let restored = measured.enumerated().map { index, measurement in
            var restored = measurement
            restored.probe = sequence.probes[index]
            return restored
        }
        return (restored, Set(lost))
    }

    /// Schedules the file's events at their times on Peach's queue, so the kernel sends each exactly then, and waits
    /// on the queue until the sequence has rung out. A window at a time (`CalibrationSchedule`): the kernel's
    /// event pool holds a few hundred events, and a long calibration has more.
    private func play(_ sequence: CalibrationSequence, on sequencer: ALSASequencer) async throws {
        let start = try await sequencer.queueNow() + CalibrationSchedule.lead
        for window in CalibrationSchedule.windows(of: sequence.file.events, startingAt: start) {
            if let refill = window.refillAt { try await sequencer.waitUntil(refill) }
            try await sequencer.schedule(window.events)
        }
        try await sequencer.waitUntil(start + .milliseconds(sequence.durationMilliseconds))
    }

    static func peakLevelDB(_ samples: [Double], sampleRate: Double) -> Double {
        let hop = Int(sampleRate / 100)
        var loudest = 0.0
        for start in stride(from: 0, to: samples.count - hop, by: hop) {
            loudest = max(loudest, samples[start..<start + hop].reduce(0) { $0 + $1 * $1 } / Double(hop))
        }
        return 10 * log10(max(loudest, 1e-20)) + 3.01
    }
}
