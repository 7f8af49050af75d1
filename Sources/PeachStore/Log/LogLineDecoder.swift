import Foundation
import PeachCore
#if canImport(Glibc)
import Glibc
#endif

/// Parses one log line straight from the file's bytes. Hand-written on raw pointers (memchr for tabs,
/// numbers parsed in place, no generic slices) because launch reads the whole history and must stay
/// fast even in debug builds. Reuses its field table and caches the last text field (the output
/// name repeats on nearly every line), so one decoder serves one load, on one thread.
final class LogLineDecoder {
    private static let maximumFields = 32
    private let starts = UnsafeMutablePointer<Int>.allocate(capacity: LogLineDecoder.maximumFields)
    private let ends = UnsafeMutablePointer<Int>.allocate(capacity: LogLineDecoder.maximumFields)
    private var fieldCount = 0
    private var base = UnsafePointer<UInt8>(bitPattern: 1)!
    private var lastText: (bytes: [UInt8], value: String)?

    /// Switches this thread to the C numeric locale until the decoder is released: create, use and
    /// release it on one thread, within one synchronous call.
    init() { savedLocale = Self.cNumeric.map { uselocale($0) } }

    deinit {
        if let savedLocale { uselocale(savedLocale) }
        starts.deallocate()
        ends.deallocate()
    }

    /// Decodes the `count` bytes of one line at `line` (without its LF). Throws the reason a person can act on.
    func decode(_ line: UnsafePointer<UInt8>, count: Int) throws(LogLineError) -> TrainingRecord {
        base = line
        split(0, count)
        if equals(0, Self.comparisonTag) { return .comparison(try comparison()) }
        if equals(0, Self.pitchMatchingTag) { return .pitchMatching(try pitchMatching()) }
        if equals(0, Self.thresholdTestTag) { return .thresholdTest(try thresholdTest()) }
        throw LogLineError("unknown record type \(Echo.quoted(text(0)))")
    }

    private func comparison() throws(LogLineError) -> ComparisonRecord {
        try expectFieldCount(LogFormat.comparisonFieldCount, "comparison")
        let answeredHigher: Bool
        if equals(6, Self.higher) { answeredHigher = true }
        else if equals(6, Self.lower) { answeredHigher = false }
        else { throw LogLineError("answer (field 7) must be 'higher' or 'lower', not \(Echo.quoted(text(6)))") }
        let isCorrect: Bool
        if equals(7, Self.correct) { isCorrect = true }
        else if equals(7, Self.wrong) { isCorrect = false }
        else { throw LogLineError("result (field 8) must be 'correct' or 'wrong', not \(Echo.quoted(text(7)))") }
        var velocity: MIDIVelocity?
        if ends[11] > starts[11] {
            guard let raw = integer(11), let value = MIDIVelocity(raw) else {
                throw LogLineError("velocity (field 12) must be 1...127, not \(Echo.quoted(text(11)))")
            }
            velocity = value
        }
        return ComparisonRecord(
            timestamp: try timestamp(1), referenceNote: try note(2), targetNote: try note(3),
            intendedCentOffset: Cents(try number(4, "intended cents")),
            presentedCentOffset: Cents(try number(5, "presented cents")),
            answeredHigher: answeredHigher, isCorrect: isCorrect, interval: try interval(8),
            tuningSystem: try tuningSystem(9), referencePitch: try referencePitch(10),
            velocity: velocity, outputName: optionalText(12))
    }

    private func pitchMatching() throws(LogLineError) -> PitchMatchingRecord {
        try expectFieldCount(LogFormat.pitchMatchingFieldCount, "pitchMatching")
        return PitchMatchingRecord(
            timestamp: try timestamp(1), referenceNote: try note(2), targetNote: try note(3),
            initialCentOffset: Cents(try number(4, "initial cents")),
            userCentError: Cents(try number(5, "user error cents")), interval: try interval(6),
            tuningSystem: try tuningSystem(7), referencePitch: try referencePitch(8),
            // A word a later Peach may write is no reason to reject the trial: the mode is only a note on it.
            controllerMode: optionalText(9).flatMap(ControllerMode.init(rawValue:)))
    }

    private func thresholdTest() throws(LogLineError) -> ThresholdTestRecord {
        try expectFieldCount(LogFormat.thresholdTestFieldCount, "thresholdTest")
        let lowest = try note(2), highest = try note(3)
        guard lowest <= highest else {
            throw LogLineError("lowest note (field 3) \(lowest.rawValue) is above highest note (field 4) \(highest.rawValue)")
        }
        guard let trials = integer(4), trials >= 1 else {
            throw LogLineError("trials (field 5) must be a positive whole number, not \(Echo.quoted(text(4)))")
        }
        let isConclusive: Bool
        if equals(8, Self.conclusive) { isConclusive = true }
        else if equals(8, Self.inconclusive) { isConclusive = false }
        else { throw LogLineError("verdict (field 9) must be 'conclusive' or 'inconclusive', not \(Echo.quoted(text(8)))") }
        return ThresholdTestRecord(
            timestamp: try timestamp(1), noteRange: lowest...highest, trials: trials,
            median: Cents(try number(5, "median cents")), lower: Cents(try number(6, "lower cents")),
            upper: Cents(try number(7, "upper cents")), isConclusive: isConclusive)
    }

    // MARK: - Fields

    private func split(_ start: Int, _ end: Int) {
        fieldCount = 0
        var fieldStart = start
        while fieldCount < Self.maximumFields - 1,
              fieldStart < end, let found = memchr(base + fieldStart, 0x09, end - fieldStart) {
            let tab = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            starts[fieldCount] = fieldStart
            ends[fieldCount] = tab
            fieldCount += 1
            fieldStart = tab + 1
        }
        starts[fieldCount] = fieldStart
        ends[fieldCount] = end
        fieldCount += 1
    }

    private func expectFieldCount(_ count: Int, _ kind: String) throws(LogLineError) {
        guard fieldCount == count else {
            throw LogLineError("a \(kind) line has \(count) tab-separated fields, this one has \(fieldCount)")
        }
    }

    private func timestamp(_ field: Int) throws(LogLineError) -> Date {
        guard let ms = ISO8601Parser.parse(base + starts[field], count: ends[field] - starts[field]) else {
            throw LogLineError("timestamp (field \(field + 1)) \(Echo.quoted(text(field))) is not an ISO 8601 UTC time")
        }
        return ms.date
    }

    private func note(_ field: Int) throws(LogLineError) -> MIDINote {
        guard let raw = integer(field), let note = MIDINote(raw) else {
            throw LogLineError("MIDI note (field \(field + 1)) must be 0...127, not \(Echo.quoted(text(field)))")
        }
        return note
    }

    private static let powersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }

    private func number(_ field: Int, _ name: String) throws(LogLineError) -> Double {
        // The fast path takes at most 15 digits, a point and a sign: don't scan longer fields twice.
        if ends[field] - starts[field] <= 17, let value = fastDecimal(field) { return value }
        // Long or exponent forms (16-17 significant digits are common): strtod, as Swift's Double(String)
        // calls it, but in place: no String per number. The C numeric locale is in force while a
        // decoder exists (see `init`). The field is followed by a tab or the line's LF, where strtod
        // stops; it must have used the whole field.
        let count = ends[field] - starts[field]
        let start = base + starts[field]
        // Leading white space: refused, as Double(String) does (strtod would skip it).
        guard count > 0, count <= 40, start[0] != 0x20, !(0x09...0x0D).contains(start[0]) else {
            throw LogLineError("\(name) (field \(field + 1)) is not a finite number: \(Echo.quoted(text(field)))")
        }
        var stop: UnsafeMutablePointer<CChar>?
        let value = start.withMemoryRebound(to: CChar.self, capacity: count) { strtod($0, &stop) }
        // Underflow reads as 0 and overflow is refused as not finite, as with Double(String).
        guard let stop, Int(bitPattern: stop) == Int(bitPattern: start + count), value.isFinite else {
            throw LogLineError("\(name) (field \(field + 1)) is not a finite number: \(Echo.quoted(text(field)))")
        }
        return value
    }

    /// The C locale's number format ('.' as decimal point), whatever setlocale said.
    nonisolated(unsafe) private static let cNumeric = newlocale(LC_NUMERIC_MASK, "C", nil)
    private let savedLocale: locale_t?

    /// `-?digits(.digits)?` with at most 15 digits: mantissa and power of ten are exact doubles, so one
    /// division is correctly rounded (Clinger's fast path) and equals what `Double(String)` returns.
    private func fastDecimal(_ field: Int) -> Double? {
        var index = starts[field]
        let end = ends[field]
        let negative = index < end && base[index] == 0x2D
        if negative { index += 1 }
        var mantissa: Int64 = 0, digits = 0, fractionDigits = 0, seenPoint = false
        while index < end {
            let byte = base[index]
            if byte >= 0x30 && byte <= 0x39 {
                guard digits < 15 else { return nil } // longer: the slow path (and no Int64 overflow)
                mantissa = mantissa * 10 + Int64(byte - 0x30)
                digits += 1
                if seenPoint { fractionDigits += 1 }
            } else if byte == 0x2E && !seenPoint {
                seenPoint = true
            } else {
                return nil
            }
            index += 1
        }
        guard digits > 0, digits <= 15, !(seenPoint && fractionDigits == 0) else { return nil }
        let value = Double(mantissa) / Self.powersOfTen[fractionDigits]
        return negative ? -value : value
    }

    private func referencePitch(_ field: Int) throws(LogLineError) -> ReferencePitch {
        let hertz = try number(field, "reference pitch")
        guard let pitch = ReferencePitch(hertz: hertz) else {
            throw LogLineError("reference pitch (field \(field + 1)) \(hertz) Hz is outside 380...500 Hz")
        }
        return pitch
    }

    private func interval(_ field: Int) throws(LogLineError) -> Interval {
        for (bytes, interval) in Self.intervals where equals(field, bytes) { return interval }
        throw LogLineError("interval (field \(field + 1)) \(Echo.quoted(text(field))) is not one of P1 m2 M2 … M7 P8")
    }

    private func tuningSystem(_ field: Int) throws(LogLineError) -> TuningSystem {
        for (bytes, system) in Self.tuningSystems where equals(field, bytes) { return system }
        throw LogLineError("tuning system (field \(field + 1)) \(Echo.quoted(text(field))) is unknown")
    }

    private func integer(_ field: Int) -> Int? {
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

    /// Empty means unknown (nil). Unescapes `\\ \t \n \r`.
    private func optionalText(_ field: Int) -> String? {
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

    static func unescape(_ text: String) -> String {
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
    private func text(_ field: Int) -> String {
        let count = ends[field] - starts[field]
        let shown = min(count, 40)
        return String(decoding: UnsafeBufferPointer(start: base + starts[field], count: shown), as: UTF8.self)
            + (shown < count ? "…" : "")
    }

    private func equals(_ field: Int, _ bytes: [UInt8]) -> Bool {
        let count = ends[field] - starts[field]
        guard count == bytes.count else { return false }
        return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress!, base + starts[field], count) == 0 }
    }

    private static let comparisonTag = Array(LogFormat.comparisonTag.utf8)
    private static let pitchMatchingTag = Array(LogFormat.pitchMatchingTag.utf8)
    private static let thresholdTestTag = Array(LogFormat.thresholdTestTag.utf8)
    private static let conclusive = Array("conclusive".utf8), inconclusive = Array("inconclusive".utf8)
    private static let higher = Array("higher".utf8), lower = Array("lower".utf8)
    private static let correct = Array("correct".utf8), wrong = Array("wrong".utf8)
    private static let intervals = Interval.allCases.map { (Array($0.abbreviation.utf8), $0) }
    private static let tuningSystems = TuningSystem.allCases.map { (Array($0.rawValue.utf8), $0) }
}

/// Why one log line could not be read.
struct LogLineError: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
