import Foundation

/// A rendered WAV file as mono samples (channels averaged). Reads the RIFF chunks FluidSynth's
/// file driver writes: 16-bit integer or 32-bit float PCM.
public struct WAVFile {
    public let sampleRate: Double
    public let samples: [Double]

    public var duration: Double { Double(samples.count) / sampleRate }

    public struct Malformed: Error, CustomStringConvertible { public let description: String }

    /// Samples already in memory (a capture), to use the onset finders below.
    public init(sampleRate: Double, samples: [Double]) {
        self.sampleRate = sampleRate
        self.samples = samples
    }

    /// `channel`: take that channel alone (a stereo preset may layer detuned samples left and right, which
    /// beat when averaged); nil averages them.
    public init(contentsOf url: URL, channel: Int? = nil) throws {
        let data = try Data(contentsOf: url)
        guard data.count >= 12, data.prefix(4) == Data("RIFF".utf8), data[8..<12] == Data("WAVE".utf8) else {
            throw Malformed(description: "\(url.path) is not a RIFF/WAVE file (\(data.count) bytes)")
        }
        func le<T: FixedWidthInteger>(_ offset: Int, _: T.Type) -> T {
            data[offset..<offset + MemoryLayout<T>.size].reversed().reduce(T.zero) { $0 << 8 | T($1) }
        }
        var offset = 12
        var format: (tag: UInt16, channels: Int, rate: Double, bits: Int)?
        var samples: [Double] = []
        while offset + 8 <= data.count {
            let id = String(decoding: data[offset..<offset + 4], as: UTF8.self)
            var size = Int(le(offset + 4, UInt32.self))
            let body = offset + 8
            if id == "data", size == 0 || size == 0xFFFF_FFFF || body + size > data.count { size = data.count - body }
            if id == "fmt " {
                format = (le(body, UInt16.self), Int(le(body + 2, UInt16.self)), Double(le(body + 4, UInt32.self)),
                          Int(le(body + 14, UInt16.self)))
            } else if id == "data", let format {
                samples = try Self.decode(data[body..<body + size], format.tag, format.channels, format.bits, only: channel)
            }
            offset = body + size + (size & 1)
        }
        guard let format, !samples.isEmpty else { throw Malformed(description: "\(url.path) has no fmt/data chunk") }
        sampleRate = format.rate
        self.samples = samples
    }

    private static func decode(_ bytes: Data, _ tag: UInt16, _ channels: Int, _ bits: Int, only: Int?) throws -> [Double] {
        let frameBytes = channels * bits / 8
        let frames = bytes.count / frameBytes
        return bytes.withUnsafeBytes { raw -> [Double] in
            (0..<frames).map { frame in
                var sum = 0.0
                for channel in 0..<channels where only == nil || only == channel {
                    let at = frame * frameBytes + channel * bits / 8
                    switch (tag, bits) {
                    case (1, 16): sum += Double(Int16(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: Int16.self))) / 32768
                    case (3, 32): sum += Double(Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self))))
                    default: break
                    }
                }
                return only == nil ? sum / Double(channels) : sum
            }
        }
    }

    /// Seconds at which the first note starts: the level first rises above `fraction` of the loudest 10 ms.
    public func firstOnset(fraction: Double = 0.1) -> Double? {
        let hop = Int(sampleRate / 100)
        let levels = stride(from: 0, to: samples.count - hop, by: hop).map { start in
            (samples[start..<start + hop].reduce(0) { $0 + $1 * $1 } / Double(hop)).squareRoot()
        }
        guard let loudest = levels.max(), loudest > 0 else { return nil }
        return levels.firstIndex { $0 >= fraction * loudest }.map { Double($0) / 100 }
    }

    /// Seconds at which the level crosses up through `fraction` of the loudest 5 ms (note starts,
    /// when notes are separated by enough silence for their release to fall below it).
    public func risingEdges(fraction: Double = 0.1) -> [Double] {
        let hop = Int(sampleRate / 200)
        let levels = stride(from: 0, to: samples.count - hop, by: hop).map { start in
            (samples[start..<start + hop].reduce(0) { $0 + $1 * $1 } / Double(hop)).squareRoot()
        }
        guard let loudest = levels.max(), loudest > 0 else { return [] }
        let threshold = fraction * loudest
        return levels.indices.dropFirst().filter { levels[$0] >= threshold && levels[$0 - 1] < threshold }.map { Double($0) / 200 }
    }

    /// Seconds at which a note starts: the level rises above `fraction` of the loudest 10 ms after
    /// at least `quiet` seconds below a fifth of that (the file starts in silence).
    public func onsets(fraction: Double = 0.1, quiet: Double = 0.1) -> [Double] {
        let hop = Int(sampleRate / 100)
        let levels = stride(from: 0, to: samples.count - hop, by: hop).map { start in
            (samples[start..<start + hop].reduce(0) { $0 + $1 * $1 } / Double(hop)).squareRoot()
        }
        guard let loudest = levels.max(), loudest > 0 else { return [] }
        let (loud, silent, quietHops) = (fraction * loudest, fraction / 5 * loudest, Int(quiet * 100))
        var onsets: [Double] = []
        var armed = true
        var quietRun = 0
        for (index, level) in levels.enumerated() {
            if level >= loud, armed {
                onsets.append(Double(index) / 100)
                armed = false
            }
            quietRun = level < silent ? quietRun + 1 : 0
            if quietRun >= quietHops { armed = true }
        }
        return onsets
    }
}
