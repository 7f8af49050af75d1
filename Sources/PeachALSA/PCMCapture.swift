import CALSA
import Foundation
import PeachMIDI
import PeachText

/// Records from an ALSA PCM capture device (an audio input, `hw:1,0`, `hw:Loopback,1,0`, …) on a
/// thread of its own: the `snd_pcm_t` is opened, read and closed there and nowhere else.
public final class PCMCapture: @unchecked Sendable {
    // @unchecked: the PCM handle lives only on `thread`; `samples`, `stamps`, `stopping` and `overruns`
    // are guarded by `lock`.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let device: String
    public let sampleRate: Int
    public let channels: Int
    private let lock = NSLock()
    private var interleaved: [Int16] = []
    private var stamps: [CaptureFrameClock.Stamp] = []
    private var stopping = false
    private var overrunCount = 0
    private var readError: Int32 = 0
    private var readErrorDetail = ""
    private let finished = DispatchSemaphore(value: 0)
    /// Monotonic nanoseconds at which the first frame was captured (approximately: the start of reading).
    public private(set) var startedAt: UInt64 = 0

    /// Opens `device` and starts recording at once; throws when it cannot capture.
    public init(device: String, sampleRate: Int = 44100, channels: Int = 2) throws {
        self.device = device
        self.sampleRate = sampleRate
        self.channels = channels
        let opened = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var failure: Failure?
        let thread = Thread { [self] in
            _ = ALSADiagnostics.installed
            var pcm: OpaquePointer?
            let err = peach_pcm_open_capture(&pcm, device, UInt32(sampleRate), UInt32(channels))
            guard err >= 0, let pcm else {
                failure = Failure(description: tr(.captureCannotCapture, [
                    "device": device, "reason": "\(String(cString: snd_strerror(err))) \(ALSADiagnostics.takeMessage())"]))
                opened.signal()
                return
            }
            startedAt = DispatchTime.now().uptimeNanoseconds
            opened.signal()
            record(pcm)
            snd_pcm_close(pcm)
            finished.signal()
        }
        thread.name = "Peach PCM capture"
        thread.start()
        opened.wait()
        if let failure { throw failure }
    }

    private func record(_ pcm: OpaquePointer) {
        let frames = 1024
        var chunk = [Int16](repeating: 0, count: frames * channels)
        var overruns: Int32 = 0
        while true {
            lock.lock()
            let stop = stopping
            lock.unlock()
            if stop { return }
            let before = overruns
            let got = chunk.withUnsafeMutableBufferPointer { peach_pcm_read(pcm, $0.baseAddress, UInt(frames), &overruns) }
            let stamp = Self.timestamp(pcm)
            lock.lock()
            overrunCount = Int(overruns)
            if overruns != before {
                // An overrun dropped audio: fill the gap with silence so later samples keep their
                // time (to within a period), which is how notes are found in the recording.
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - startedAt) / 1e9
                let missing = Int(elapsed * Double(sampleRate)) - interleaved.count / channels
                if missing > 0 { interleaved.append(contentsOf: repeatElement(0, count: missing * channels)) }
            }
            if got > 0 { interleaved.append(contentsOf: chunk[0..<(got * channels)]) }
            if let stamp {
                stamps.append(CaptureFrameClock.Stamp(frame: interleaved.count / channels + stamp.waiting,
                                                      monotonicNanoseconds: stamp.nanoseconds))
            }
            if got < 0 {
                readError = Int32(got)
                readErrorDetail = "state \(snd_pcm_state(pcm).rawValue) \(ALSADiagnostics.takeMessage())"
            }
            lock.unlock()
            if got < 0 { return }
        }
    }

    /// Stops recording (waits for the capture thread to close the device) and returns channel
    /// `channel` as samples in −1…1; throws when reading failed on the way.
    public func stop(channel: Int = 0) throws -> [Double] {
        lock.lock()
        let wasStopping = stopping
        stopping = true
        lock.unlock()
        if !wasStopping { finished.wait() }
        lock.lock(); defer { lock.unlock() }
        if readError < 0 {
            throw Failure(description: tr(.captureRecordingFailed, count: interleaved.count / channels, [
                "device": device,
                "reason": String(cString: snd_strerror(readError)) + " (\(readErrorDetail))"]))
        }
        return stride(from: min(channel, channels - 1), to: interleaved.count, by: channels).map { Double(interleaved[$0]) / 32768 }
    }

    /// Frames recorded so far (overrun gaps included).
    public var framesCaptured: Int {
        lock.lock(); defer { lock.unlock() }
        return interleaved.count / channels
    }

    /// The capture's timestamps so far, as a clock from frames of the recording to CLOCK_MONOTONIC.
    public var frameClock: CaptureFrameClock {
        lock.lock(); defer { lock.unlock() }
        return CaptureFrameClock(sampleRate: Double(sampleRate), stamps: stamps)
    }

    /// The frames waiting to be read and the monotonic time the kernel stamped the pointer with; nil
    /// when the device gives no timestamp (then the recording has no frame clock).
    private static func timestamp(_ pcm: OpaquePointer) -> (waiting: Int, nanoseconds: Int64)? {
        var waiting = 0
        var nanoseconds: Int64 = 0
        guard peach_pcm_timestamp(pcm, &waiting, &nanoseconds) >= 0, nanoseconds > 0 else {
            _ = ALSADiagnostics.takeMessage()
            return nil
        }
        return (waiting, nanoseconds)
    }

    /// Buffer overruns while recording (each a gap in the audio).
    public var overruns: Int {
        lock.lock(); defer { lock.unlock() }
        return overrunCount
    }
}
