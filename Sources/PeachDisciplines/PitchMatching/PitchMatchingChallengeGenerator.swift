import PeachCore

/// Draws pitch-matching challenges: a uniformly random reference note of the range and a uniformly random
/// initial offset within ± the configured maximum, on the configured side of the target. With `.configured` intervals each challenge draws one
/// directed interval of the settings, and the reference so that the target stays in the note range.
public struct PitchMatchingChallengeGenerator {
    private var random: AnyRandomNumberGenerator
    private let intervals: TrialIntervals

    public init(random: any RandomNumberGenerator = SystemRandomNumberGenerator(),
                intervals: TrialIntervals = .unison) {
        self.random = AnyRandomNumberGenerator(random)
        self.intervals = intervals
    }

    public mutating func nextChallenge(settings: TrainingSettings) -> PitchMatchingChallenge {
        let maxOffset = settings.maxInitialCentOffset.magnitude.value
        let side = settings.matchingStartSide
        switch intervals {
        case .unison:
            let note = randomNote(in: settings.noteRange)
            return PitchMatchingChallenge(referenceNote: note, initialCentOffset: side.placing(randomOffset(maxOffset)))
        case .configured:
            let (directed, references) = IntervalDraw.draw(from: settings, using: &random)
            let note = randomNote(in: references)
            return PitchMatchingChallenge(referenceNote: note, targetNote: directed.target(from: note) ?? note,
                                          initialCentOffset: side.placing(randomOffset(maxOffset)), interval: directed.interval,
                                          tuningSystem: settings.tuningSystem,
                                          presentation: settings.intervalPresentation)
        }
    }

    private mutating func randomNote(in range: ClosedRange<MIDINote>) -> MIDINote {
        MIDINote(clamping: Int.random(in: range.lowerBound.rawValue...range.upperBound.rawValue, using: &random))
    }

    private mutating func randomOffset(_ maxOffset: Double) -> Cents {
        Cents(maxOffset > 0 ? Double.random(in: -maxOffset...maxOffset, using: &random) : 0)
    }
}
