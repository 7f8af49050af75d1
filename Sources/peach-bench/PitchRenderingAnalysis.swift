import Foundation
import PeachAudio

/// Finds each rendered note in the WAV and measures its pitch. A note is placed at the rising edge nearest
/// its send time (relative to the first note's); a guest that renders in bursts can shift the timeline, so the
/// wall clock alone is not enough.
struct PitchRenderingAnalysis {
    struct Unsteady: Error {}

    let wav: WAVFile
    let firstOnset: Double
    let firstSend: UInt64
    let edges: [Double]
    let verbose: Bool
    private(set) var placedByEdge = 0
    private(set) var placedByClock = 0

    init(wav: WAVFile, firstSend: UInt64, verbose: Bool) throws {
        guard let firstOnset = wav.firstOnset() else { throw BenchError("the rendering is silent") }
        self.wav = wav
        self.firstOnset = firstOnset
        self.firstSend = firstSend
        self.edges = wav.risingEdges()
        self.verbose = verbose
    }

    /// The pitch (Hz) of the note sent at `sent`, searched within 40 c of `guess`; throws `Unsteady` when its two
    /// halves differ by a cent or more (a guest that could not keep up leaves gaps or glitches in the audio).
    mutating func measured(_ sent: UInt64, near guess: Double) throws -> Double {
        let clock = firstOnset + Double(sent - firstSend) / 1e9
        var start = clock
        if let edge = edges.min(by: { abs($0 - clock) < abs($1 - clock) }), abs(edge - clock) < 0.15 {
            start = edge
            placedByEdge += 1
        } else {
            placedByClock += 1
        }
        let from = Int((start + 0.15) * wav.sampleRate), to = Int((start + 0.5) * wav.sampleRate)
        guard from >= 0, to <= wav.samples.count else { throw BenchError("the WAV ends before a note (guest too slow?)") }
        let middle = (from + to) / 2
        let whole = PitchMeter.fundamental(of: wav.samples[from..<to], sampleRate: wav.sampleRate, near: guess, searchCents: 40)
        let first = PitchMeter.fundamental(of: wav.samples[from..<middle], sampleRate: wav.sampleRate, near: whole, searchCents: 10)
        let second = PitchMeter.fundamental(of: wav.samples[middle..<to], sampleRate: wav.sampleRate, near: whole, searchCents: 10)
        if verbose {
            print(String(format: "pitch: note at %.3f s (clock %.3f s): %.3f Hz, halves %.3f / %.3f Hz", start, clock, whole, first, second))
        }
        guard abs(PitchMeter.cents(first, relativeTo: second)) < 1 else { throw Unsteady() }
        return whole
    }
}
