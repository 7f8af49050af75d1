import Foundation
import PeachCore
import PeachSystem
import PeachStore
import PeachText

/// The tap calibrations in the data directory (`calibration/taps.json`): one entry per tap source, plain JSON
/// with a decimal point whatever the language, so other tools can read it. Written whole and atomically.
public struct TapCalibrationFile: TapCalibrationStore {
    public struct Unreadable: Error, CustomStringConvertible {
        public let description: String
    }

    private struct Contents: Codable {
        var taps: [Entry]
    }

    /// "keyboard" or "midi:<client name>"; milliseconds as plain numbers.
    private struct Entry: Codable {
        var source: String
        var medianMs: Double
        var spreadMs: Double
        var taps: Int
        var synthLatencyMs: Double?
        var date: Date

        /// The same checks as a synth calibration's latency (`LatencyRecord`).
        var latency: LatencyRecord { LatencyRecord(median: medianMs, spread: spreadMs, count: taps) }
    }

    public let path: String

    public init(dataDirectory: DataDirectory) { path = dataDirectory.path + "/calibration/taps.json" }
    public init(path: String) { self.path = path }

    /// Nothing stored yet is an empty list; a file that is there but not ours to read throws `Unreadable`.
    public func load() throws -> [TapCalibration] {
        guard FileSystem.exists(path) else { return [] }
        let contents: Contents
        do {
            contents = try Self.decoder.decode(Contents.self, from: try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw Unreadable(description: tr(.tapCalibrationFileUnreadable, ["path": path, "reason": Self.reason(error)]))
        }
        return try contents.taps.map { entry in
            guard let source = TapSource(storageKey: entry.source), let latency = entry.latency.latency,
                  entry.synthLatencyMs?.isFinite ?? true else {
                throw Unreadable(description: tr(.tapCalibrationFileUnreadable, ["path": path, "reason": entry.source]))
            }
            return TapCalibration(source: source, latency: latency, synthLatency: entry.synthLatencyMs.map(Milliseconds.init),
                                  date: entry.date)
        }
    }

    public func save(_ calibrations: [TapCalibration]) throws {
        let directory = (path as NSString).deletingLastPathComponent
        try createDirectories(directory)
        let entries = calibrations.map {
            Entry(source: $0.source.storageKey, medianMs: $0.latency.median.value, spreadMs: $0.latency.spread.value,
                  taps: $0.latency.count, synthLatencyMs: $0.synthLatency?.value, date: $0.date)
        }
        try Self.encoder.encode(Contents(taps: entries)).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.keyNotFound(_, let context),
             DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            context.debugDescription
        default:
            error.localizedDescription
        }
    }
}
