import PeachCore
import PeachFormats
import PeachText

/// Reads one log line through the registered discipline whose tag it starts with. A well-formed line of a
/// tag no registered discipline knows (tag, then an ISO 8601 timestamp) was written by a newer Peach: it is
/// told apart from damage, so the log keeps it untouched instead of reporting or moving it.
final class LogLineDecoder {
    enum Decoded {
        case record(TrainingRecord)
        case newer(tag: String)
    }

    private let codecs: RecordCodecs
    private let fields = LogFields()

    init(_ codecs: RecordCodecs) { self.codecs = codecs }

    /// Decodes the `count` bytes of one line at `line` (without its LF). Throws the reason a person can act on.
    func decode(_ line: UnsafePointer<UInt8>, count: Int) throws(LogLineError) -> Decoded {
        fields.load(line, count: count)
        if let codec = codecs.logCodec(forTagOf: fields) { return .record(try codec.decode(fields)) }
        let tag = fields.text(0)
        guard Self.isTag(tag), fields.count >= 2, (try? fields.timestamp(1)) != nil else {
            throw LogLineError(tr(.logLineUnknownType, ["tag": Echo.quoted(tag)]))
        }
        return .newer(tag: tag)
    }

    /// A discipline tag: a letter, then letters and digits (what every Peach writes), never damage's bytes.
    private static func isTag(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }
}

/// Lines a newer Peach wrote, by tag: kept in the file, counted, reported once.
struct NewerRecords: Equatable {
    private(set) var count = 0
    private(set) var tags: [String] = []

    mutating func add(tag: String) {
        count += 1
        if !tags.contains(tag) { tags.append(tag) }
    }
}
