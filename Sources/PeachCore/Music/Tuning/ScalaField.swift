import PeachText

/// A value a Scala file holds on a line of its own, named in the user's language when it is missing or wrong.
public enum ScalaField: Hashable, Sendable {
    case description, noteCount
    case mapSize, firstNote, lastNote, middleNote, referenceNote, referenceFrequency, octaveDegree, mappingEntry

    /// "the number of notes", "die Zahl der Töne".
    public var name: String {
        switch self {
        case .description: tr(.scalaFieldDescription)
        case .noteCount: tr(.scalaFieldNoteCount)
        case .mapSize: tr(.scalaFieldMapSize)
        case .firstNote: tr(.scalaFieldFirstNote)
        case .lastNote: tr(.scalaFieldLastNote)
        case .middleNote: tr(.scalaFieldMiddleNote)
        case .referenceNote: tr(.scalaFieldReferenceNote)
        case .referenceFrequency: tr(.scalaFieldReferenceFrequency)
        case .octaveDegree: tr(.scalaFieldOctaveDegree)
        case .mappingEntry: tr(.scalaFieldMappingEntry)
        }
    }
}
