/// A Scala keyboard mapping (.kbm): which scale degree each MIDI key plays and which key sounds at which
/// frequency. Parsing is in ScalaKeyboardMapping+Parsing.swift; the format is in docs/tunings.md.
public struct ScalaKeyboardMapping: Hashable, Sendable {
    /// The pattern repeats every `size` keys; 0 means a linear mapping (key n + 1 plays the next degree).
    public let size: Int
    /// The keys to retune, first...last.
    public let firstNote: MIDINote
    public let lastNote: MIDINote
    /// The key that plays the first mapping entry (degree 0 in a linear mapping).
    public let middleNote: MIDINote
    /// The key that sounds at `referenceFrequency`.
    public let referenceNote: MIDINote
    public let referenceFrequency: Frequency
    /// The degree that is the formal octave between repetitions of the pattern; 0 means the scale's period.
    public let octaveDegree: Int
    /// One entry per key from the middle note on: a scale degree, or nil for an unmapped key ("x"). Shorter
    /// than `size` when the file leaves out unmapped keys at the end, as the format allows.
    public let entries: [Int?]
    /// Where the formal octave degree and each entry stand in the file, for messages about them.
    let octaveDegreeLine: Int
    let entryLines: [Int]

    init(size: Int, firstNote: MIDINote, lastNote: MIDINote, middleNote: MIDINote, referenceNote: MIDINote,
         referenceFrequency: Frequency, octaveDegree: Int, entries: [Int?], octaveDegreeLine: Int = 0, entryLines: [Int] = []) {
        self.size = size
        self.firstNote = firstNote
        self.lastNote = lastNote
        self.middleNote = middleNote
        self.referenceNote = referenceNote
        self.referenceFrequency = referenceFrequency
        self.octaveDegree = octaveDegree
        self.entries = entries
        self.octaveDegreeLine = octaveDegreeLine
        self.entryLines = entryLines
    }

    /// The first degree this mapping names that `scale` lacks (the formal octave, then the entries in file order),
    /// with its line: a scale of n notes has degrees 0...n, n being its period. Nil when every one is there.
    public func degreeBeyond(_ scale: ScalaScale) -> (line: Int, degree: Int)? {
        let named = [(octaveDegreeLine, octaveDegree)] + zip(entryLines, entries).compactMap { line, degree in degree.map { (line, $0) } }
        return named.first { $0.1 > scale.noteCount }.map { (line: $0.0, degree: $0.1) }
    }

    /// Whether the mapping is linear (size 0): every key plays the next degree.
    public var isLinear: Bool { size == 0 }
}
