import Foundation
import PeachALSA
import PeachAudio
import PeachCore
import PeachMIDI
import PeachText

/// Calibrates a synth Peach cannot render offline (a hardware synth, or any sequencer port) by
/// playing the calibration sequence to it and recording its audio output through an ALSA capture
/// device. Besides the profile it measures note-on-to-sound latency and the signal level.
public struct CaptureCalibrator: Sendable {
    public struct Result: Sendable {
        public var calibration: SynthCalibration
        /// From the first note-on leaving Peach to its sound arriving in the recording.
        public var latencyMilliseconds: Double
        /// The loudest 10 ms of the recording, dB relative to full scale.
        public var peakLevelDB: Double
        public var overruns: Int
        /// Each probe's measured pitch, for diagnosis (the benchmark prints the bend sweep).
        public var measurements: [CalibrationMeasurement]
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

    /// Plays to `destination` (already connected on `sequencer`) while recording.
    public func calibrate(sequencer: ALSASequencer, synthName: String, date: Date = Date(),
                          progress: @Sendable (String) -> Void = { _ in }) async throws -> Result {
        let sequence = self.sequence
        let capture: PCMCapture
        do {
            capture = try PCMCapture(device: device, sampleRate: Self.sampleRate, channels: 2)
        } catch let error as PCMCapture.Failure {
            throw Failure(description: error.description)
        }
        progress(tr(.capturePlaying, ["count": "\(sequence.probes.count)", "seconds": "\(sequence.durationMilliseconds / 1000)",
                                      "device": device]))
        let sent: [Int: UInt64]
        do {
            sent = try await play(sequence, on: sequencer)
        } catch {
            _ = try? capture.stop()
            try? await sequencer.send(SynthSetup.silence([CalibrationSequence.keyChannel, CalibrationSequence.sweepChannel]))
            throw error
        }
        try await Task.sleep(for: .milliseconds(300))
        let samples: [Double]
        do {
            samples = try capture.stop()
        } catch let error as PCMCapture.Failure {
            throw Failure(description: error.description)
        }
        let expected = Double(sequence.durationMilliseconds) / 1000 * Double(Self.sampleRate)
        guard Double(samples.count) > 0.8 * expected else {
            throw Failure(description: tr(.captureTooFewFrames, ["device": device, "frames": "\(samples.count)",
                                                                 "seconds": "\(sequence.durationMilliseconds / 1000)",
                                                                 "rate": "\(Self.sampleRate)"]))
        }
        let recording = WAVFile(sampleRate: Double(Self.sampleRate), samples: samples)
        progress(tr(.captureMeasuring, ["count": "\(sequence.probes.count)"]))

        let peak = Self.peakLevelDB(samples, sampleRate: Double(Self.sampleRate))
        guard peak > ToneMeasurer.silenceDB + 20 else {
            throw Failure(description: tr(.captureNoSignal, ["device": device, "peak": "\(Int(peak))"]))
        }
        let clipped = samples.filter { abs($0) >= 0.999 }.count
        guard Double(clipped) < 0.0005 * Double(samples.count) else {
            throw Failure(description: tr(.captureClips, ["count": "\(clipped)"]))
        }
        guard let firstProbe = sequence.probes.first, let firstSent = sent[firstProbe.startMilliseconds],
              let firstOnset = recording.firstOnset(fraction: 0.05) else {
            throw Failure(description: tr(.captureNoNote))
        }
        let latency = (firstOnset - Double(firstSent - capture.startedAt) / 1e9) * 1000
        // Each probe where it was really sent (the wall clock, anchored at the first note's sound),
        // then snapped to the note start heard nearest to that (each note follows 100 ms of silence):
        // a starved synth or capture shifts the audio against the clock.
        let onset = firstOnset - Double(firstProbe.startMilliseconds) / 1000
        let edges = recording.onsets(fraction: 0.1, quiet: 0.05)
        let placed = sequence.probes.map { probe in
            var moved = probe
            if let time = sent[probe.startMilliseconds] {
                moved.startMilliseconds = firstProbe.startMilliseconds + Int((Double(time - firstSent) / 1e6).rounded())
            }
            let expected = onset + Double(moved.startMilliseconds) / 1000
            if let edge = edges.min(by: { abs($0 - expected) < abs($1 - expected) }), abs(edge - expected) < 0.15 {
                moved.startMilliseconds = Int(((edge - onset) * 1000).rounded())
            }
            return moved
        }
        let measured = ProbeMeasurer.measure(placed, samples: samples, sampleRate: Double(Self.sampleRate), onset: onset)
            .enumerated().map { index, measurement in
                var restored = measurement
                restored.probe = sequence.probes[index]
                return restored
            }
        let calibration = try CalibrationAnalysis.analyse(measured, sequence: sequence, synthName: synthName,
                                                          date: CalibrationDate.day(date))
        return Result(calibration: calibration, latencyMilliseconds: latency, peakLevelDB: peak, overruns: capture.overruns,
                      measurements: measured)
    }

    /// Sends the file's events at their times; returns the monotonic send time of each event time.
    private func play(_ sequence: CalibrationSequence, on sequencer: ALSASequencer) async throws -> [Int: UInt64] {
        let byTime = Dictionary(grouping: sequence.file.events, by: \.milliseconds)
        let clock = ContinuousClock()
        let start = clock.now
        var sent: [Int: UInt64] = [:]
        for time in byTime.keys.sorted() {
            try await clock.sleep(until: start + .milliseconds(time))
            sent[time] = DispatchTime.now().uptimeNanoseconds
            try await sequencer.send(byTime[time]!.map(\.event))
        }
        try await clock.sleep(until: start + .milliseconds(sequence.durationMilliseconds))
        return sent
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
