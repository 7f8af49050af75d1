/// The profile's raw statistics as a value, so a rebuild can fold the whole history locally
/// and publish it in one assignment instead of one observable mutation per record.
struct ProfileData: Hashable, Sendable {
    /// Indexed by MIDI note number: absolute cent differences answered on that reference note.
    var notes = [WelfordAccumulator](repeating: WelfordAccumulator(), count: MIDINote.validRange.count)
    var pitchMatching = PitchMatchingStatistics()

    mutating func addComparison(note: MIDINote, centDifference: Cents) {
        notes[note.rawValue].add(abs(centDifference.value))
    }

    mutating func add(_ record: TrainingRecord) {
        switch record {
        case .comparison(let comparison):
            addComparison(note: comparison.referenceNote, centDifference: comparison.presentedCentOffset)
        case .pitchMatching(let matching):
            pitchMatching.add(matching.userCentError)
        }
    }
}
