/// A run's answers so far, for the screens: how many, how many were right, and the last one (its feedback).
/// Sessions with a right-or-wrong answer (comparison, compare timing) keep one and reset it when a run starts.
public struct AnswerTally<Completed: Sendable>: Sendable {
    public private(set) var answered = 0
    public private(set) var correct = 0
    /// The last answered trial of this run, for the ✓/✗ of the feedback.
    public private(set) var last: Completed?

    public init() {}

    /// Fraction of right answers; nil before the first answer.
    public var accuracy: Double? { Self.accuracy(correct: correct, of: answered) }

    public mutating func record(_ completed: Completed, correct isCorrect: Bool) {
        answered += 1
        if isCorrect { correct += 1 }
        last = completed
    }

    /// Fraction of right answers for a screen model that carries the two counts; nil with none answered.
    public static func accuracy(correct: Int, of answered: Int) -> Double? {
        answered > 0 ? Double(correct) / Double(answered) : nil
    }
}
