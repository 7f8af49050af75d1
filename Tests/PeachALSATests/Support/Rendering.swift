import PeachAudio
import Foundation
import Testing

/// A stretch of a rendering that should hold one steady pitch, and the pitch it should have, in
/// cents relative to the reference stretch (the first). `note` numbers the note-on it belongs to
/// (0 = the first note-on, whose onset anchors it); `start`/`end` are monotonic send times.
struct PitchSegment {
    let label: String
    let note: Int
    let start: UInt64
    let end: UInt64
    let targetCents: Double
}

/// Measures each segment of `wav` and checks it within `tolerance` cents of its target, relative to
/// the first segment (the reference note, so the SoundFont's own sample tuning cancels out).
/// Returns each segment's measured cents relative to the first.
/// Segments are placed by the onsets found in the audio (one per note-on), not by the wall clock,
/// so a guest that renders late cannot shift them; within a note, send-time offsets are used.
@discardableResult
func checkPitches(_ wav: WAVFile, segments: [PitchSegment], noteStarts: [UInt64], wallSeconds: Double,
                  tolerance: Double, guess: Double = 440) throws -> [Double] {
    print(String(format: "FluidSynth: WAV %.2f s for %.2f s of wall time", wav.duration, wallSeconds))
    // The file driver is paced by the wall clock; a guest too slow to keep up renders less audio.
    // (More is fine: the WAV starts a little before we notice it growing.)
    // Required, not expected: measuring a distorted rendering would only add misleading figures.
    try #require(wav.duration > 0.95 * wallSeconds,
            "WAV holds \(wav.duration) s for \(wallSeconds) s of wall time: the synth could not keep up")
    let onsets = wav.onsets()
    try #require(onsets.count == noteStarts.count, "found note onsets at \(onsets) s, expected \(noteStarts.count)")
    // Notes must start in the WAV as far apart as they were sent, or the guest rendered in bursts.
    for (index, onset) in onsets.enumerated().dropFirst() {
        let sent = Double(noteStarts[index] - noteStarts[0]) / 1e9
        let skew = (onset - onsets[0]) - sent
        print(String(format: "FluidSynth: note %d starts %.3f s into the WAV, %+.0f ms from its send time", index, onset, skew * 1000))
        try #require(abs(skew) < 0.1, "the WAV timeline is skewed by \(skew) s: the guest could not keep up")
    }
    var reference = 0.0
    var measuredCents: [Double] = []
    for segment in segments {
        func index(_ time: UInt64, margin: Double) -> Int {
            let sinceNote = Double(Int64(time) - Int64(noteStarts[segment.note])) / 1e9
            return Int((onsets[segment.note] + sinceNote + margin) * wav.sampleRate)
        }
        let from = max(index(segment.start, margin: 0.2), 0)
        let to = min(index(segment.end, margin: -0.15), wav.samples.count)
        try #require(to - from > Int(0.3 * wav.sampleRate), "segment \(segment.label) too short in the WAV")
        let expectedHz = (reference == 0 ? guess : reference) * pow(2, segment.targetCents / 1200)
        let measured = PitchMeter.fundamental(of: wav.samples[from..<to], sampleRate: wav.sampleRate, near: expectedHz)
        if reference == 0 { reference = measured }
        let cents = PitchMeter.cents(measured, relativeTo: reference)
        measuredCents.append(cents)
        let error = cents - segment.targetCents
        print(String(format: "FluidSynth: %@: %.3f Hz = %+.2f c vs reference, target %+.2f c, error %+.2f c",
                     segment.label, measured, cents, segment.targetCents, error))
        #expect(abs(error) <= tolerance, "\(segment.label): \(error) cents off")
    }
    return measuredCents
}
