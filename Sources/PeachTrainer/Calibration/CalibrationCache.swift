import Foundation
import PeachSystem
import PeachMIDI
import PeachStore

/// Calibrations kept in the data directory (`calibration/`), one JSON file per SoundFont file
/// (path, size and modification time: a replaced file is measured again), bank, program and bend range.
public struct CalibrationCache: Sendable {
    /// An entry is a few kilobytes; a file larger than this is not one.
    static let largestEntry = 1 << 20

    public struct Key: Codable, Hashable, Sendable {
        var soundFont: String
        var size: Int
        var modified: Double
        var bank: Int
        var program: Int
        var bendRangeSemitones: Int
    }

    private struct Entry: Codable {
        var key: Key
        var calibration: CalibrationRecord
    }

    public let directory: String

    public init(dataDirectory: DataDirectory) { directory = dataDirectory.path + "/calibration" }
    public init(directory: String) { self.directory = directory }

    /// Nil when the SoundFont cannot be examined.
    public static func key(soundFont: String, instrument: InstrumentSelection, bendRange: BendRange) -> Key? {
        guard let status = try? FileStatus.of(soundFont) else { return nil }
        return Key(soundFont: soundFont, size: Int(status.size), modified: status.modificationDate.timeIntervalSince1970,
                   bank: Int(instrument.bankMSB),
                   program: Int(instrument.program), bendRangeSemitones: bendRange.semitones)
    }

    /// A synth calibrated by recording it (`peach calibrate --capture`): keyed by its sequencer client name.
    public static func key(synth clientName: String, instrument: InstrumentSelection, bendRange: BendRange) -> Key {
        Key(soundFont: "synth:" + clientName, size: 0, modified: 0, bank: Int(instrument.bankMSB),
            program: Int(instrument.program), bendRangeSemitones: bendRange.semitones)
    }

    /// The stored calibration for `key`, nil when there is none (or it is unreadable: it is then measured again).
    public func load(_ key: Key) -> SynthCalibration? {
        guard let bytes = try? UserFile.read(path(for: key), limit: Self.largestEntry),
              let entry = try? JSONDecoder().decode(Entry.self, from: Data(bytes)), entry.key == key else { return nil }
        return entry.calibration.calibration
    }

    public func save(_ calibration: SynthCalibration, for key: Key) throws {
        try createDirectories(directory)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(Entry(key: key, calibration: CalibrationRecord(calibration)))
        try data.write(to: URL(fileURLWithPath: path(for: key)), options: .atomic)
    }

    /// "fluidsynth-FluidR3_GM-b0-p0-r2-1a2b3c4d.json" ("synth-…" for a recorded synth): readable, and distinct per full key.
    func path(for key: Key) -> String {
        let kind = key.soundFont.hasPrefix("synth:") ? "synth" : "fluidsynth"
        let name = kind == "synth" ? String(key.soundFont.dropFirst("synth:".count))
            : URL(fileURLWithPath: key.soundFont).deletingPathExtension().lastPathComponent
        let stem = name
            .map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" ? String($0) : "_" }.joined()
        var hash: UInt32 = 2_166_136_261  // FNV-1a of the whole key: stable across runs, unlike hashValue
        for byte in "\(key.soundFont)|\(key.size)|\(key.modified)|\(key.bank)|\(key.program)|\(key.bendRangeSemitones)".utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        let hex = String(hash, radix: 16)
        return directory + "/\(kind)-\(stem)-b\(key.bank)-p\(key.program)-r\(key.bendRangeSemitones)-"
            + String(repeating: "0", count: 8 - hex.count) + hex + ".json"
    }
}
