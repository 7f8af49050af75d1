import PeachText

/// What is wrong on one line of a Scala file, and what to do about it (`ScalaError.line` adds the line number).
public enum ScalaLineProblem: Equatable, Sendable {
    /// The file ends where `field` should be.
    case missing(field: ScalaField)
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
    case notAnInteger(field: ScalaField, text: String)
    case outOfRange(field: ScalaField, text: String, range: ClosedRange<Int>)
    case notAFrequency(String)
    case lastBeforeFirst(first: Int, last: Int)
    case notAMappingEntry(String)

    /// "what is wrong: what to do", without the line number, in the user's language.
    public var message: String {
        switch self {
        case .missing(let field): tr(.scalaMissing, ["field": field.name])
        case .notACount(let text): tr(.scalaNotACount, ["text": text])
        case .tooManyNotes(let text): tr(.scalaTooManyNotes, ["text": text, "maximum": "\(ScalaText.maximumNotes)"])
        case .noNotes: tr(.scalaNoNotes)
        case .notAPitch(let text): tr(.scalaNotAPitch, ["text": text])
        case .negativeRatio(let text): tr(.scalaNegativeRatio, ["text": text])
        case .zeroInRatio(let text): tr(.scalaZeroInRatio, ["text": text])
        case .numberTooLarge(let text): tr(.scalaNumberTooLarge, ["text": text])
        case .periodNotAbove(let text): tr(.scalaPeriodNotAbove, ["text": text])
        case .pitchesMissing(let expected, let found):
            tr(.scalaPitchesMissing, ["expected": "\(expected)", "found": "\(found)"])
        case .notAnInteger(let field, let text): tr(.scalaNotAnInteger, ["field": field.name, "text": text])
        case .outOfRange(let field, let text, let range):
            tr(.scalaOutOfRange, ["field": field.name, "text": text, "lowest": "\(range.lowerBound)", "highest": "\(range.upperBound)"])
        case .notAFrequency(let text): tr(.scalaNotAFrequency, ["text": text, "maximum": "\(Int(ScalaText.maximumHertz))"])
        case .lastBeforeFirst(let first, let last): tr(.scalaLastBeforeFirst, ["first": "\(first)", "last": "\(last)"])
        case .notAMappingEntry(let text): tr(.scalaNotAMappingEntry, ["text": text])
        }
    }
}
