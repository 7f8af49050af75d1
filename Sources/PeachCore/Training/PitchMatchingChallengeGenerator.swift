/// Draws pitch-matching challenges: a uniformly random note of the range and a uniformly random
/// initial offset within ± the configured maximum.
public struct PitchMatchingChallengeGenerator {
    private var random: AnyRandomNumberGenerator

    public init(random: any RandomNumberGenerator = SystemRandomNumberGenerator()) {
        self.random = AnyRandomNumberGenerator(random)
    }

    public mutating func nextChallenge(settings: TrainingSettings) -> PitchMatchingChallenge {
        let range = settings.noteRange
        let note = MIDINote(clamping: Int.random(in: range.lowerBound.rawValue...range.upperBound.rawValue,
                                                 using: &random))
        let maxOffset = settings.maxInitialCentOffset.magnitude.value
        let offset = maxOffset > 0 ? Double.random(in: -maxOffset...maxOffset, using: &random) : 0
        return PitchMatchingChallenge(referenceNote: note, initialCentOffset: Cents(offset))
    }
}
