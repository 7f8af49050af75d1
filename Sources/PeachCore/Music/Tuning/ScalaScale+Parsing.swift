/// Reading .scl text (Manuel Op de Coul's format, https://www.huygens-fokker.org/scala/scl_format.html):
/// "!" lines are comments; the first other line is the description (may be empty); the next holds the number
/// of notes; then one pitch per line, a value with "." being cents and otherwise a ratio "n/d" or a whole
/// number "n" (= n/1). Text after a value is ignored, and so are lines after the last pitch.
extension ScalaScale {
    /// Parses a scale from text; see docs/tunings.md for the decisions beyond the format's own rules.
    public static func parse(_ text: String) throws(ScalaError) -> ScalaScale {
        let (lines, endLine) = try ScalaText.lines(of: text)
        guard let descriptionLine = lines.first else { throw .line(endLine, .missing(field: .description)) }
        guard lines.count > 1 else { throw .line(endLine, .missing(field: .noteCount)) }
        let count = try noteCount(lines[1])
        let pitchLines = lines.dropFirst(2).prefix(count)
        guard pitchLines.count == count else {
            throw .line(endLine, .pitchesMissing(expected: count, found: pitchLines.count))
        }
        var degrees: [ScalaPitch] = []
        degrees.reserveCapacity(count)
        for line in pitchLines { degrees.append(try pitch(line.text, line: line.number)) }
        if let last = degrees.last, let lastLine = pitchLines.last, last.cents.value <= 0 {
            throw .line(lastLine.number, .periodNotAbove(last.written))
        }
        let description = descriptionLine.text.trimmingBlanks()
        return ScalaScale(description: description, degrees: degrees)
    }

    /// Parses a file's bytes: refuses binary files, reads UTF-8 or else Latin-1 (ScalaText.decode).
    public static func parse(bytes: [UInt8]) throws(ScalaError) -> ScalaScale {
        try parse(ScalaText.decode(bytes))
    }

    private static func noteCount(_ line: ScalaText.Line) throws(ScalaError) -> Int {
        let token = ScalaText.firstToken(of: line.text)
        let value: UInt64?
        do { value = try ScalaText.wholeNumber(token, line: line.number) } catch { throw .line(line.number, .tooManyNotes(String(token))) }
        guard let value else { throw .line(line.number, .notACount(String(token))) }
        guard value <= UInt64(ScalaText.maximumNotes) else { throw .line(line.number, .tooManyNotes(String(token))) }
        guard value > 0 else { throw .line(line.number, .noNotes) }
        return Int(value)
    }

    /// One pitch: cents if the value holds ".", else a ratio or whole number. The value ends at the first
    /// character that cannot continue it, so "3/2 fifth" and "701.955cents" both read their number.
    static func pitch(_ text: Substring, line: Int) throws(ScalaError) -> ScalaPitch {
        let start = text.drop(while: ScalaText.isBlank)
        let sign = start.first.flatMap { $0 == "-" || $0 == "+" ? $0 : nil }
        let unsigned = sign == nil ? start : start.dropFirst()
        let whole = unsigned.prefix(while: ScalaText.isDigit)
        let afterWhole = unsigned.dropFirst(whole.count)
        let shown = String(ScalaText.firstToken(of: text))
        if afterWhole.first == "." {
            let fraction = afterWhole.dropFirst().prefix(while: ScalaText.isDigit)
            guard !(whole.isEmpty && fraction.isEmpty) else { throw .line(line, .notAPitch(shown)) }
            let written = String(start.prefix((sign == nil ? 0 : 1) + whole.count + 1 + fraction.count))
            guard let value = Double(written), let pitch = ScalaPitch(cents: value, written: written) else {
                throw .line(line, .numberTooLarge(written))
            }
            return pitch
        }
        return try ratio(sign: sign, whole: whole, after: afterWhole, shown: shown, line: line)
    }

    /// The ratio branch of `pitch`: "n/d" or "n", positive, no zero, each part within 64 bits.
    private static func ratio(sign: Character?, whole: Substring, after: Substring, shown: String,
                              line: Int) throws(ScalaError) -> ScalaPitch {
        guard !whole.isEmpty else { throw .line(line, .notAPitch(shown)) }
        var denominatorDigits: Substring = "1"
        if after.first == "/" {
            denominatorDigits = after.dropFirst().prefix(while: ScalaText.isDigit)
            guard !denominatorDigits.isEmpty else { throw .line(line, .notAPitch(shown)) }
        }
        let written = after.first == "/" ? "\(whole)/\(denominatorDigits)" : String(whole)
        guard sign != "-" else { throw .line(line, .negativeRatio("-" + written)) }
        guard sign == nil else { throw .line(line, .notAPitch(shown)) }
        guard let numerator = try ScalaText.wholeNumber(whole, line: line),
              let denominator = try ScalaText.wholeNumber(denominatorDigits, line: line) else {
            throw .line(line, .notAPitch(shown))
        }
        guard let pitch = ScalaPitch(numerator: numerator, denominator: denominator, written: written) else {
            throw .line(line, .zeroInRatio(written))
        }
        return pitch
    }
}

extension Substring {
    /// Without the spaces and tabs around it (the description line keeps its inner spacing).
    func trimmingBlanks() -> String {
        String(drop(while: ScalaText.isBlank).reversed().drop(while: ScalaText.isBlank).reversed())
    }
}
