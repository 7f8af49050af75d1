import PeachCore

/// The adaptive strategy (docs/training-design.md): Kazez difficulty along the chain of answers, notes chosen between
/// "natural" (stay near the previous note) and "mechanical" (jump to the weakest notes), fair-coin direction.
public struct AdaptiveNoteStrategy: ComparisonStrategy {
    /// A natural step stays within this many semitones of the previous note.
    public static let naturalSpanSemitones = 12
    /// A mechanical jump goes to one of this many weakest notes (more when tied).
    public static let weakSpotCount = 10
    /// Notes this close to the chosen note contribute to the bootstrap difficulty after a stop.
    public static let bootstrapRadiusSemitones = 5

    private var random: AnyRandomNumberGenerator

    /// `random` drives note choice and direction; inject a seeded generator for deterministic tests.
    public init(random: any RandomNumberGenerator = SystemRandomNumberGenerator()) {
        self.random = AnyRandomNumberGenerator(random)
    }

    public mutating func nextComparison(profile: PerceptualProfile, settings: TrainingSettings,
                                        last: CompletedComparison?) -> Comparison {
        let note = selectNote(profile: profile, settings: settings, previousNote: last?.comparison.referenceNote)
        let difficulty: Cents
        if let last {
            difficulty = KazezRule.next(after: last.comparison.centOffset, wasCorrect: last.isCorrect,
                                        within: settings.centDifferenceBounds)
        } else {
            difficulty = Self.bootstrapDifficulty(around: note, profile: profile, settings: settings)
        }
        let higher = Bool.random(using: &random)
        return Comparison(referenceNote: note, centOffset: higher ? difficulty : -difficulty)
    }

    /// With probability `naturalVsMechanical` a mechanical jump to a weak note of `discipline`, otherwise a
    /// natural step near `previousNote` (anywhere in range when there is none or it left the range).
    /// `range` defaults to the settings' note range (interval modes pass the reference notes whose target fits).
    public mutating func selectNote(profile: PerceptualProfile, settings: TrainingSettings,
                                    previousNote: MIDINote?, range: ClosedRange<MIDINote>? = nil,
                                    discipline: TrainingDiscipline = .unisonComparison) -> MIDINote {
        let range = range ?? settings.noteRange
        let mechanicalChance = min(max(settings.naturalVsMechanical, 0), 1)
        if Double.random(in: 0..<1, using: &random) < mechanicalChance {
            return Self.weakestNotes(in: range, profile: profile, discipline: discipline).randomElement(using: &random)
                ?? range.lowerBound
        }
        guard let previousNote, range.contains(previousNote) else {
            return MIDINote(clamping: Int.random(in: range.lowerBound.rawValue...range.upperBound.rawValue, using: &random))
        }
        let low = max(range.lowerBound.rawValue, previousNote.rawValue - Self.naturalSpanSemitones)
        let high = min(range.upperBound.rawValue, previousNote.rawValue + Self.naturalSpanSemitones)
        return MIDINote(clamping: Int.random(in: low...high, using: &random))
    }

    /// The `weakSpotCount` notes with the highest thresholds; untrained notes count as weakest.
    /// Every note tied with the last of them is included, so a new user's notes are all candidates.
    public static func weakestNotes(in range: ClosedRange<MIDINote>, profile: PerceptualProfile,
                                    discipline: TrainingDiscipline = .unisonComparison) -> [MIDINote] {
        func weakness(_ threshold: NoteThreshold) -> Double {
            threshold.isTrained ? threshold.mean.value : .infinity
        }
        let ranked = profile.thresholds(in: range, discipline: discipline).sorted { weakness($0) > weakness($1) }
        guard ranked.count > weakSpotCount else { return ranked.map(\.note) }
        let cutoff = weakness(ranked[weakSpotCount - 1])
        return ranked.filter { weakness($0) >= cutoff }.map(\.note)
    }

    /// The first difficulty after a stop: `discipline`'s thresholds of trained notes within `bootstrapRadiusSemitones`,
    /// weighted 1 / (1 + distance) so the note itself counts most. No trained neighbour: a new user's 100 cents.
    public static func bootstrapDifficulty(around note: MIDINote, profile: PerceptualProfile,
                                           settings: TrainingSettings,
                                           discipline: TrainingDiscipline = .unisonComparison) -> Cents {
        var weightedSum = 0.0
        var totalWeight = 0.0
        for distance in -bootstrapRadiusSemitones...bootstrapRadiusSemitones {
            guard let neighbour = note.transposed(by: distance) else { continue }
            let threshold = profile.threshold(for: neighbour, in: discipline)
            guard threshold.isTrained else { continue }
            let weight = 1 / (1 + Double(abs(distance)))
            weightedSum += weight * threshold.mean.value
            totalWeight += weight
        }
        let estimate = totalWeight > 0 ? Cents(weightedSum / totalWeight) : KazezRule.initialDifference
        return KazezRule.clamp(estimate, to: settings.centDifferenceBounds)
    }
}
