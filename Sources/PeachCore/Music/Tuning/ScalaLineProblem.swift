/// What is wrong on one line of a Scala file, and what to do about it (`ScalaError.line` adds the line number).
public enum ScalaLineProblem: Equatable, Sendable {
    /// The file ends where `field` should be.
    case missing(field: String)
    case notACount(String)
    case tooManyNotes(String)
    /// A count of 0: Peach needs the period (the last degree) to repeat the scale.
    case noNotes
    case notAPitch(String)
    case negativeRatio(String)
    /// n/0 or 0/d: no pitch has that ratio.
    case zeroInRatio(String)
    case numberTooLarge(String)
    /// The last degree must lie above 1/1, else the scale cannot repeat upwards.
    case periodNotAbove(String)
    case pitchesMissing(expected: Int, found: Int)
    case notAnInteger(field: String, text: String)
    case outOfRange(field: String, text: String, range: ClosedRange<Int>)
    case notAFrequency(String)
    case lastBeforeFirst(first: Int, last: Int)
    case notAMappingEntry(String)

    /// "what is wrong: what to do", without the line number.
    public var message: String {
        switch self {
        case .missing(let field):
            "the file ends where \(field) should be: add it on its own line"
        case .notACount(let text):
            "'\(text)' is not a number of notes: write a whole number like 12"
        case .tooManyNotes(let text):
            "\(text) notes are too many: a scale may have at most \(ScalaText.maximumNotes) notes"
        case .noNotes:
            "a scale of 0 notes has no period: write at least one note, the last being the octave (2/1) or other period"
        case .notAPitch(let text):
            "'\(text)' is not a ratio or a cents value: write a ratio like 3/2 or cents like 701.955"
        case .negativeRatio(let text):
            "'\(text)' is a negative ratio: ratios must be positive, like 3/2 (negative values are allowed only as cents, like -25.0)"
        case .zeroInRatio(let text):
            "'\(text)' has a zero in its ratio: write a ratio of two positive whole numbers, like 3/2"
        case .numberTooLarge(let text):
            "'\(text)' is too large a number: write a smaller ratio, or the pitch in cents like 701.955"
        case .periodNotAbove(let text):
            "the last note '\(text)' is the period and must lie above 1/1: end the scale with its octave 2/1 or another period"
        case .pitchesMissing(let expected, let found):
            "the file ends after \(found) of \(expected) pitches: add the missing pitches or write \(found) as the number of notes"
        case .notAnInteger(let field, let text):
            "'\(text)' is not a whole number for \(field): write a whole number like 60"
        case .outOfRange(let field, let text, let range):
            "'\(text)' is out of range for \(field): write a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .notAFrequency(let text):
            "'\(text)' is not a frequency: write a positive frequency in hertz like 440.0 (at most \(Int(ScalaText.maximumHertz)))"
        case .lastBeforeFirst(let first, let last):
            "the last MIDI note \(last) lies below the first \(first): write a last note of \(first) or more"
        case .notAMappingEntry(let text):
            "'\(text)' is not a mapping entry: write a scale degree like 0 or 7, or x for an unmapped key"
        }
    }
}
