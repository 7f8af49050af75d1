/// Reading .kbm text (Scala's help, "keyboard mappings"): after "!" comments, one value per line: map size,
/// first and last MIDI note to retune, middle note, reference note, its frequency, the formal octave degree,
/// then up to `size` mapping entries (a degree or "x"). Missing entries at the end are unmapped keys, as the
/// format allows; lines after the last entry are ignored, as for .scl files.
extension ScalaKeyboardMapping {
    private static let midiRange = MIDINote.validRange
    private static let degreeRange = 0...ScalaText.maximumNotes

    public static func parse(_ text: String) throws(ScalaError) -> ScalaKeyboardMapping {
        let (lines, endLine) = try ScalaText.lines(of: text)
        var reader = FieldReader(lines: lines, endLine: endLine)
        let size = try reader.integer(.mapSize, in: degreeRange)
        let first = try reader.note(.firstNote)
        let last = try reader.note(.lastNote)
        guard last >= first else { throw .line(reader.previousLine, .lastBeforeFirst(first: first.rawValue, last: last.rawValue)) }
        let middle = try reader.note(.middleNote)
        let reference = try reader.note(.referenceNote)
        let frequency = try reader.frequency()
        let octave = try reader.integer(.octaveDegree, in: degreeRange)
        let octaveLine = reader.previousLine
        var entries: [Int?] = [], entryLines: [Int] = []
        while entries.count < size, let entry = try reader.entry() {
            entries.append(entry)
            entryLines.append(reader.previousLine)
        }
        return ScalaKeyboardMapping(size: size, firstNote: first, lastNote: last, middleNote: middle,
                                    referenceNote: reference, referenceFrequency: frequency,
                                    octaveDegree: octave, entries: entries, octaveDegreeLine: octaveLine, entryLines: entryLines)
    }

    /// Parses a file's bytes: refuses binary files, reads UTF-8 or else Latin-1 (ScalaText.decode).
    public static func parse(bytes: [UInt8]) throws(ScalaError) -> ScalaKeyboardMapping {
        try parse(ScalaText.decode(bytes))
    }

    /// Walks the non-comment lines in order, one field each, so every error knows its line.
    private struct FieldReader {
        let lines: [ScalaText.Line]
        let endLine: Int
        var index = 0
        var previousLine = 0

        mutating func next(_ field: ScalaField) throws(ScalaError) -> (token: Substring, line: Int) {
            guard index < lines.count else { throw .line(endLine, .missing(field: field)) }
            let line = lines[index]
            index += 1
            previousLine = line.number
            return (ScalaText.firstToken(of: line.text), line.number)
        }

        mutating func integer(_ field: ScalaField, in range: ClosedRange<Int>) throws(ScalaError) -> Int {
            let (token, line) = try next(field)
            let value: UInt64?
            do { value = try ScalaText.wholeNumber(token, line: line) } catch {
                throw .line(line, .outOfRange(field: field, text: String(token), range: range))
            }
            guard let value else { throw .line(line, .notAnInteger(field: field, text: String(token))) }
            guard value <= UInt64(range.upperBound), range.contains(Int(value)) else {
                throw .line(line, .outOfRange(field: field, text: String(token), range: range))
            }
            return Int(value)
        }

        mutating func note(_ field: ScalaField) throws(ScalaError) -> MIDINote {
            MIDINote(clamping: try integer(field, in: ScalaKeyboardMapping.midiRange))
        }

        /// Digits with at most one "." ("440", "440.0", ".5"); no signs or exponents, so no NaN or infinity.
        mutating func frequency() throws(ScalaError) -> Frequency {
            let (token, line) = try next(.referenceFrequency)
            let digitsAndPoint = token.allSatisfy { ScalaText.isDigit($0) || $0 == "." }
            guard digitsAndPoint, token.filter({ $0 == "." }).count <= 1, token.contains(where: ScalaText.isDigit),
                  let hertz = Double(token), hertz <= ScalaText.maximumHertz, let frequency = Frequency(hertz: hertz) else {
                throw .line(line, .notAFrequency(String(token)))
            }
            return frequency
        }

        /// The next mapping entry, nil at the end of the file (the remaining keys are unmapped).
        mutating func entry() throws(ScalaError) -> Int?? {
            guard index < lines.count else { return nil }
            let (token, line) = try next(.mappingEntry)
            if token == "x" || token == "X" { return .some(nil) }
            let value: UInt64?
            do { value = try ScalaText.wholeNumber(token, line: line) } catch { throw .line(line, .notAMappingEntry(String(token))) }
            guard let value, value <= UInt64(ScalaText.maximumNotes) else { throw .line(line, .notAMappingEntry(String(token))) }
            return .some(Int(value))
        }
    }
}
