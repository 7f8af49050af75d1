/// The profile's raw statistics as a value, so a rebuild can fold the whole history locally
/// and publish it in one assignment instead of one observable mutation per record.
/// Kept per discipline: an interval answer never lands in the unison statistics.
struct ProfileData: Hashable, Sendable {
    /// Per comparison discipline, indexed by MIDI note number: absolute cent differences answered on that reference note.
    var comparisons: [TrainingDiscipline: [WelfordAccumulator]] = [:]
    var pitchMatchings: [TrainingDiscipline: PitchMatchingStatistics] = [:]

    static let untrainedNotes = [WelfordAccumulator](repeating: WelfordAccumulator(), count: MIDINote.validRange.count)

    func notes(in discipline: TrainingDiscipline) -> [WelfordAccumulator] {
        comparisons[discipline] ?? Self.untrainedNotes
    }

    mutating func addComparison(note: MIDINote, centDifference: Cents, in discipline: TrainingDiscipline) {
        comparisons[discipline, default: Self.untrainedNotes][note.rawValue].add(abs(centDifference.value))
    }

    mutating func addPitchMatching(error: Cents, in discipline: TrainingDiscipline) {
        pitchMatchings[discipline, default: PitchMatchingStatistics()].add(error)
    }

    mutating func add(_ record: TrainingRecord) {
        switch record {
        case .comparison(let comparison):
            addComparison(note: comparison.referenceNote, centDifference: comparison.presentedCentOffset,
                          in: comparison.discipline)
        case .pitchMatching(let matching):
            addPitchMatching(error: matching.userCentError, in: matching.discipline)
        case .thresholdTest: break // a test's result, not a trial: its comparisons are in the profile already
        }
    }
}
