/// A Scala scale (.scl): the description line and the degrees above the implicit 1/1, the last of which is the
/// period (1200 c for octave scales, 1901.955 c for the 3/1 tritave of Bohlen–Pierce). Parsing is in
/// ScalaScale+Parsing.swift; the format as Peach reads it is in docs/tunings.md.
public struct ScalaScale: Hashable, Sendable {
    public let description: String
    /// Degrees 1...n as written; degree 0 (1/1, 0 c) is implicit, as in the file.
    public let degrees: [ScalaPitch]

    /// Only the parser and the named tunings build scales, so every scale has at least one degree.
    init(description: String, degrees: [ScalaPitch]) {
        self.description = description
        self.degrees = degrees
    }

    /// The number of notes per period (the file's note count).
    public var noteCount: Int { degrees.count }

    /// The interval at which the scale repeats: its last degree.
    public var period: Cents { degrees.last?.cents ?? Cents(Cents.perOctave) }

    /// Degree `index` in cents, counting the implicit 1/1 as degree 0 and continuing into further periods
    /// (degree n + 1 is the period plus degree 1), both up and down.
    public func cents(ofDegree index: Int) -> Cents {
        let count = degrees.count
        guard count > 0 else { return .zero }  // only a hand-built scale can be empty
        // Floor division by remainder, so that no index, not even Int.min, can overflow.
        let remainder = index % count
        let within = remainder < 0 ? remainder + count : remainder
        let periods = index / count - (remainder < 0 ? 1 : 0)
        let base = within == 0 ? Cents.zero : degrees[within - 1].cents
        return base + period * Double(periods)
    }

    /// The interval from degree `lower` up to degree `upper` (negative when `upper` lies below).
    public func interval(from lower: Int, to upper: Int) -> Cents {
        cents(ofDegree: upper) - cents(ofDegree: lower)
    }
}
