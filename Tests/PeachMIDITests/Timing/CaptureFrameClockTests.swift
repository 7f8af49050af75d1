import Testing
@testable import PeachMIDI

private let rate = 48_000.0

/// Stamps of a capture whose frame zero was at `origin` ns: each stamped `lateBy` ns after its frame position was reached.
private func makeStamps(origin: Int64, frames: [Int], lateBy: [Int64]) -> [CaptureFrameClock.Stamp] {
    zip(frames, lateBy).map { frame, late in
        CaptureFrameClock.Stamp(frame: frame, monotonicNanoseconds: origin + Int64(Double(frame) / rate * 1e9) + late)
    }
}

/// Frames of a recording to CLOCK_MONOTONIC from the device's pointer stamps, which are never early.
@Suite struct CaptureFrameClockTests {
    @Test func theLeastLateStampPlacesTheFrames() throws {
        let stamps = makeStamps(origin: 1_000_000_000, frames: [1024, 2048, 3072, 4096],
                                lateBy: [3_000_000, 150_000, 1_200_000, 4_000_000])
        let clock = CaptureFrameClock(sampleRate: rate, stamps: stamps)
        let time = try #require(clock.monotonicNanoseconds(ofFrame: 2400))
        // Frame 2400 is 50 ms after frame zero; the best stamp was 0.15 ms late (to the nanosecond's rounding).
        #expect(abs(time - (1_000_000_000 + 50_000_000 + 150_000)) <= 1)
        let frame = try #require(clock.frame(atMonotonic: 1_000_000_000 + 50_000_000 + 150_000))
        #expect(abs(frame - 2400) < 0.001)
    }

    /// A gap padded after an overrun (or a drifting sound card) moves the frames after it: only stamps
    /// near a frame place it.
    @Test func onlyStampsNearAFramePlaceIt() throws {
        let early = makeStamps(origin: 0, frames: [1000, 2000], lateBy: [100_000, 100_000])
        // From frame 200 000 on the recording is 10 ms behind: 480 frames of padding too many.
        let late = makeStamps(origin: 10_000_000, frames: [200_000, 201_000], lateBy: [100_000, 100_000])
        let clock = CaptureFrameClock(sampleRate: rate, stamps: late + early, window: 48_000)
        func placed(_ frame: Double) throws -> Int64 { try #require(clock.monotonicNanoseconds(ofFrame: frame)) }
        #expect(abs(try placed(1500) - (31_250_000 + 100_000)) <= 1)
        #expect(abs(try placed(200_500) - (10_000_000 + Int64(200_500 / rate * 1e9) + 100_000)) <= 1)
        // Far from every stamp, the nearest one decides.
        #expect(abs(try placed(150_000) - (10_000_000 + Int64(150_000 / rate * 1e9) + 100_000)) <= 1)
    }

    /// One status whose stamp and position do not belong together bounds frame zero a whole buffer early: among
    /// the tens of stamps a recording has near any frame, it must not move the frames.
    @Test func oneStampABufferEarlyDoesNotMoveTheFrames() throws {
        let frames = Array(stride(from: 1024, through: 32 * 1024, by: 1024))
        var lateBy = frames.indices.map { Int64(200_000 + ($0 * 37 % 11) * 50_000) }
        lateBy[5] = -98_000_000
        let clock = CaptureFrameClock(sampleRate: rate, stamps: makeStamps(origin: 1_000_000_000, frames: frames, lateBy: lateBy))
        let time = try #require(clock.monotonicNanoseconds(ofFrame: 4800))
        let truth: Int64 = 1_000_000_000 + 100_000_000
        #expect(time >= truth, "placed \(Double(truth - time) / 1e6) ms early")
        #expect(time - truth < 500_000, "placed \(Double(time - truth) / 1e6) ms late")
    }

    @Test func withoutStampsNothingIsPlaced() {
        let clock = CaptureFrameClock(sampleRate: rate, stamps: [])
        #expect(clock.isEmpty)
        #expect(clock.monotonicNanoseconds(ofFrame: 10) == nil)
        #expect(clock.frame(atMonotonic: 10) == nil)
    }
}
