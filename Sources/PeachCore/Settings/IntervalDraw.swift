/// Shared by interval comparison and interval matching.
/// Draws a trial's directed interval and the reference notes that keep its target inside the note range.
public enum IntervalDraw {
    /// Uniform among the selected intervals that fit the range. When none fits (a range narrower than every
    /// chosen interval) any selected interval is drawn and the reference stays at the range's edge.
    public static func draw(from settings: TrainingSettings,
                     using random: inout AnyRandomNumberGenerator) -> (DirectedInterval, ClosedRange<MIDINote>) {
        let range = settings.noteRange
        let fitting = settings.intervals.intervals.compactMap { directed in
            directed.referenceRange(within: range).map { (directed, $0) }
        }
        if let chosen = fitting.randomElement(using: &random) { return chosen }
        let directed = settings.intervals.intervals.randomElement(using: &random) ?? DirectedInterval(.perfectFifth)
        let edge = directed.direction == .up ? range.lowerBound : range.upperBound
        return (directed, edge...edge)
    }
}
