import Foundation
import PeachCore

/// Builds one log line from a record's fields, the way every discipline's log codec writes them:
/// timestamps UTC with milliseconds, numbers as Swift's shortest round-tripping decimal (so a reload gives
/// back the same `Double`), free text escaped so a record is always exactly one line.
public struct LogLineWriter {
    private var fields: [String]

    /// A line that starts with the discipline's `tag`.
    public init(tag: String) { fields = [tag] }

    /// The finished line, with its LF.
    public var line: String { fields.joined(separator: "\t") + "\n" }

    /// A word of the format (no tab, no line end): "higher", "P5", "cc14", or "" for unknown.
    public mutating func add(_ word: String) { fields.append(word) }

    public mutating func add(_ note: MIDINote) { fields.append(String(note.rawValue)) }

    public mutating func add(_ whole: Int) { fields.append(String(whole)) }

    /// Text a person or device chose (an output name): `\` TAB LF CR escaped as `\\` `\t` `\n` `\r`.
    public mutating func add(text: String) { fields.append(Self.escape(text)) }

    public mutating func add(_ date: Date) throws(LogEncodingError) {
        let ms = UTCMilliseconds(date)
        guard ms.isFourDigitYear else { throw .unrepresentable(field: "timestamp", value: "\(date)") }
        fields.append(ms.iso8601())
    }

    /// `field` names the value in the error: NaN or infinity would be written but could never be read back,
    /// so it is refused here, loudly.
    public mutating func add(_ value: Double, _ field: String) throws(LogEncodingError) {
        guard value.isFinite else { throw .unrepresentable(field: field, value: "\(value)") }
        fields.append("\(value)")
    }

    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return text }
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\\\"
            case "\t": escaped += "\\t"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\r\n": escaped += "\\r\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
