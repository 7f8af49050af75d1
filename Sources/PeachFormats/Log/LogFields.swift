import Foundation
import PeachCore
#if canImport(Glibc)
import Glibc
import PeachText
#endif

/// One log line's tab-separated fields, read straight from the file's bytes: what a discipline's log
/// codec decodes its record from. Hand-written on raw pointers (memchr for tabs, numbers parsed in place,
/// no generic slices) because launch reads the whole history and must stay fast even in debug builds.
/// Reuses its field table and caches the last text field (the output name repeats on nearly every line),
/// so one instance serves one load, on one thread. Field 0 is the record's tag.
public final class LogFields {
    private static let maximumFields = 32
    private let starts = UnsafeMutablePointer<Int>.allocate(capacity: LogFields.maximumFields)
    private let ends = UnsafeMutablePointer<Int>.allocate(capacity: LogFields.maximumFields)
    /// How many fields the current line has (the tag included).
    public private(set) var count = 0
    private var base = UnsafePointer<UInt8>(bitPattern: 1)!
    private var lastText: (bytes: [UInt8], value: String)?

    /// Switches this thread to the C numeric locale until released: create, use and release it on one
    /// thread, within one synchronous call.
    public init() { savedLocale = Self.cNumeric.map { uselocale($0) } }

    deinit {
        if let savedLocale { uselocale(savedLocale) }
        starts.deallocate()
        ends.deallocate()
    }

    /// Splits the `count` bytes of one line at `line` (without its LF) into fields.
    public func load(_ line: UnsafePointer<UInt8>, count: Int) {
        base = line
        split(0, count)
    }

    // MARK: - Fields

    private func split(_ start: Int, _ end: Int) {
        count = 0
        var fieldStart = start
        while count < Self.maximumFields - 1,
              fieldStart < end, let found = memchr(base + fieldStart, 0x09, end - fieldStart) {
            let tab = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            starts[count] = fieldStart
            ends[count] = tab
            count += 1
            fieldStart = tab + 1
        }
        starts[count] = fieldStart
        ends[count] = end
        count += 1
    }

    /// Refuses a line of `kind` that has not exactly `expected` fields (the tag included).
    public func expectCount(_ expected: Int, _ kind: String) throws(LogLineError) {
        guard count == expected else {
            throw LogLineError(tr(.logLineFieldCount, count: count, ["kind": kind, "expected": "\(expected)"]))
        }
    }

    public func timestamp(_ field: Int) throws(LogLineError) -> Date {
        guard let ms = ISO8601Parser.parse(base + starts[field], count: ends[field] - starts[field]) else {
            throw LogLineError(tr(.logLineTimestamp, ["field": "\(field + 1)", "value": Echo.quoted(text(field))]))
        }
        return ms.date
    }

    public func note(_ field: Int) throws(LogLineError) -> MIDINote {
        guard let raw = integer(field), let note = MIDINote(raw) else {
            throw LogLineError(tr(.logLineNote, ["field": "\(field + 1)", "value": Echo.quoted(text(field))]))
        }
        return note
    }

    public func number(_ field: Int, _ name: String) throws(LogLineError) -> Double {
        // The exact reader takes at most 19 digits, a point and a sign: don't scan longer fields twice.
        if ends[field] - starts[field] <= 21, let value = ExactDecimal.parse(base + starts[field], count: ends[field] - starts[field]) {
            return value
        }
        // Exponent forms, over 19 digits, ties: strtod, as Swift's Double(String)
        // calls it, but in place: no String per number. The C numeric locale is in force while a
        // decoder exists (see `init`). The field is followed by a tab or the line's LF, where strtod
        // stops; it must have used the whole field.
        let count = ends[field] - starts[field]
        let start = base + starts[field]
        // Leading white space: refused, as Double(String) does (strtod would skip it).
        guard count > 0, count <= 40, start[0] != 0x20, !(0x09...0x0D).contains(start[0]) else {
            throw notFinite(field, name)
        }
        var stop: UnsafeMutablePointer<CChar>?
        let value = start.withMemoryRebound(to: CChar.self, capacity: count) { strtod($0, &stop) }
        // Underflow reads as 0 and overflow is refused as not finite, as with Double(String).
        guard let stop, Int(bitPattern: stop) == Int(bitPattern: start + count), value.isFinite else {
            throw notFinite(field, name)
        }
        return value
    }

    private func notFinite(_ field: Int, _ name: String) -> LogLineError {
        LogLineError(tr(.logLineNotFinite, ["name": name, "field": "\(field + 1)", "value": Echo.quoted(text(field))]))
    }

    /// The C locale's number format ('.' as decimal point), whatever setlocale said.
    nonisolated(unsafe) private static let cNumeric = newlocale(LC_NUMERIC_MASK, "C", nil)
    private let savedLocale: locale_t?

    public func referencePitch(_ field: Int) throws(LogLineError) -> ReferencePitch {
        let hertz = try number(field, "reference pitch")
        guard let pitch = ReferencePitch(hertz: hertz) else {
            throw LogLineError(tr(.logLineReferencePitch, ["field": "\(field + 1)", "hertz": "\(hertz)"]))
        }
        return pitch
    }

    public func interval(_ field: Int) throws(LogLineError) -> Interval {
        for (bytes, interval) in Self.intervals where equals(field, bytes) { return interval }
        throw LogLineError(tr(.logLineInterval, ["field": "\(field + 1)", "value": Echo.quoted(text(field))]))
    }

    public func tuningSystem(_ field: Int) throws(LogLineError) -> TuningSystem {
        for (bytes, system) in Self.tuningSystems where equals(field, bytes) { return system }
        // A .scl file's "scl:" name: the only spelling not in the table, so read as text.
        if let system = TuningSystem(rawValue: text(field)) { return system }
        throw LogLineError(tr(.logLineTuningSystem, ["field": "\(field + 1)", "value": Echo.quoted(text(field))]))
    }

    /// "measured", "builtIn" or "assumed" (`PitchBasis`'s words), else a readable error.
    public func pitchBasis(_ field: Int) throws(LogLineError) -> PitchBasis {
        for (bytes, basis) in Self.pitchBases where equals(field, bytes) { return basis }
        throw LogLineError(tr(.logLinePitchBasis, ["field": "\(field + 1)", "value": Echo.quoted(text(field))]))
    }

    public func integer(_ field: Int) -> Int? {
        var index = starts[field]
        let end = ends[field]
        guard end > index, end - index <= 9 else { return nil }
        let negative = base[index] == 0x2D
        if negative { index += 1; guard index < end else { return nil } }
        var value = 0
        while index < end {
            let byte = base[index]
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
            index += 1
        }
        return negative ? -value : value
    }

    /// Whether field `field` is empty (an unknown optional value).
    public func isEmpty(_ field: Int) -> Bool { ends[field] == starts[field] }

    /// Empty means unknown (nil). Unescapes `\\ \t \n \r`.
    public func optionalText(_ field: Int) -> String? {
        let count = ends[field] - starts[field]
        guard count > 0 else { return nil }
        let start = base + starts[field]
        if let lastText, lastText.bytes.count == count,
           lastText.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, start, count) == 0 }) {
            return lastText.value
        }
        let bytes = UnsafeBufferPointer(start: start, count: count)
        let raw = String(decoding: bytes, as: UTF8.self)
        let value = memchr(start, 0x5C, count) == nil ? raw : Self.unescape(raw)
        lastText = (Array(bytes), value)
        return value
    }

    public static func unescape(_ text: String) -> String {
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "t": result.append("\t")
                case "n": result.append("\n")
                case "r": result.append("\r")
                default: result.append(character) // "\\" and anything unexpected: keep the character
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        if escaping { result.append("\\") }
        return result
    }

    /// A field for an error message, shortened.
    public func text(_ field: Int) -> String {
        let count = ends[field] - starts[field]
        let shown = min(count, 40)
        return String(decoding: UnsafeBufferPointer(start: base + starts[field], count: shown), as: UTF8.self)
            + (shown < count ? "…" : "")
    }

    /// A two-word field ("higher"/"lower", "correct"/"wrong"): true for `yes`, false for `no`, else a readable error.
    public func choice(_ field: Int, _ name: String, yes: LogWord, no: LogWord) throws(LogLineError) -> Bool {
        if equals(field, yes.bytes) { return true }
        if equals(field, no.bytes) { return false }
        throw LogLineError(tr(.logLineChoice, ["name": name, "field": "\(field + 1)", "yes": yes.text, "no": no.text,
                                               "value": Echo.quoted(text(field))]))
    }

    /// Whether field `field` is exactly `bytes`.
    public func equals(_ field: Int, _ bytes: [UInt8]) -> Bool {
        let count = ends[field] - starts[field]
        guard count == bytes.count else { return false }
        return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress!, base + starts[field], count) == 0 }
    }

    private static let intervals = Interval.allCases.map { (Array($0.abbreviation.utf8), $0) }
    /// Every spelling but a file's, built once: a history's lines name the same few systems again and again.
    private static let tuningSystems = ([TuningSystem.equalTemperament, .justIntonation] + NamedTunings.all.map { .named($0) })
        .map { (Array($0.rawValue.utf8), $0) }
    private static let pitchBases = PitchBasis.allCases.map { (Array($0.rawValue.utf8), $0) }
}

/// Why one log line could not be read, in words a person can act on.
public struct LogLineError: Error, Sendable {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
}

/// A fixed word of the log format with its bytes, compared in place (no String per field).
public struct LogWord: Sendable {
    public let text: String
    public let bytes: [UInt8]
    public init(_ text: String) {
        self.text = text
        bytes = Array(text.utf8)
    }
}
