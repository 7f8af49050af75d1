/// Parses ISO 8601 date-times by hand from UTF-8 bytes: `YYYY-MM-DDTHH:MM:SS`, optional fraction
/// (any number of digits, rounded to ms), then `Z` or a `±HH:MM` / `±HHMM` offset. A time zone is
/// required: a bare local time would silently shift records by the importing machine's zone.
/// Works on raw pointers (no generic slices) so it stays fast even in debug builds.
public enum ISO8601Parser {
    public static func parse(_ text: String) -> UTCMilliseconds? {
        var copy = text
        return copy.withUTF8 { buffer in
            guard let base = buffer.baseAddress else { return nil }
            return parse(base, count: buffer.count)
        }
    }

    public static func parse(_ base: UnsafePointer<UInt8>, count: Int) -> UTCMilliseconds? {
        var index = 0
        guard let year = digits(base, &index, count, 4), expect(base, &index, count, 0x2D, 0x2D),
              let month = digits(base, &index, count, 2), expect(base, &index, count, 0x2D, 0x2D),
              let day = digits(base, &index, count, 2),
              expect(base, &index, count, 0x54, 0x74) || expect(base, &index, count, 0x20, 0x20), // T, t, space
              let hour = digits(base, &index, count, 2), expect(base, &index, count, 0x3A, 0x3A),
              let minute = digits(base, &index, count, 2), expect(base, &index, count, 0x3A, 0x3A),
              let second = digits(base, &index, count, 2),
              (1...12).contains(month), day >= 1, day <= UTCMilliseconds.daysInMonth(year, month),
              hour < 24, minute < 60, second < 60 else { return nil }

        var millis: Int64 = 0
        if expect(base, &index, count, 0x2E, 0x2C) { // '.' or ','
            var scale: Int64 = 100, digitCount = 0, roundUp = false
            while index < count, base[index] >= 0x30 && base[index] <= 0x39 {
                let digit = Int64(base[index] - 0x30)
                if digitCount < 3 { millis += digit * scale; scale /= 10 } else if digitCount == 3 { roundUp = digit >= 5 }
                digitCount += 1
                index += 1
            }
            guard digitCount > 0 else { return nil }
            if roundUp { millis += 1 }
        }

        var offsetMinutes: Int64 = 0
        if expect(base, &index, count, 0x5A, 0x7A) { // Z or z
        } else if index < count, base[index] == 0x2B || base[index] == 0x2D { // + or -
            let sign: Int64 = base[index] == 0x2D ? -1 : 1
            index += 1
            guard let offsetHours = digits(base, &index, count, 2) else { return nil }
            _ = expect(base, &index, count, 0x3A, 0x3A)
            guard let offsetMins = digits(base, &index, count, 2), offsetHours < 24, offsetMins < 60 else { return nil }
            offsetMinutes = sign * (offsetHours * 60 + offsetMins)
        } else {
            return nil
        }
        guard index == count else { return nil }

        let days = UTCMilliseconds.days(fromCivil: year, month, day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetMinutes * 60
        return UTCMilliseconds(value: seconds * 1000 + millis)
    }

    private static func digits(_ base: UnsafePointer<UInt8>, _ index: inout Int, _ count: Int, _ width: Int) -> Int64? {
        guard count - index >= width else { return nil }
        var number: Int64 = 0
        for offset in index..<(index + width) {
            let byte = base[offset]
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            number = number * 10 + Int64(byte - 0x30)
        }
        index += width
        return number
    }

    /// Consumes one byte if it is `a` or `b`.
    private static func expect(_ base: UnsafePointer<UInt8>, _ index: inout Int, _ count: Int, _ a: UInt8, _ b: UInt8) -> Bool {
        guard index < count, base[index] == a || base[index] == b else { return false }
        index += 1
        return true
    }
}
