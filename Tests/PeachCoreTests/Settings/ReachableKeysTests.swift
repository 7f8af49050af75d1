import Testing
@testable import PeachCore

/// Which keys a trial can reach: the note range widened by the largest difference, interval and
/// tuning reach, at the synth's own concert pitch.
@Suite struct ReachableKeysTests {
    static let a4 = MIDINote.a4
    static func note(_ name: String) -> MIDINote { MIDINote(name: name)! }

    /// The session: A4 only, comparisons up to ±60 c, a minor second up as the interval setting.
    static func a4Only(maximum: Double = 60, initialOffset: Double = 1) -> TrainingSettings {
        TrainingSettings(noteRange: a4...a4, maximumCentDifference: Cents(maximum),
                         maxInitialCentOffset: Cents(initialOffset), intervals: IntervalSelection([DirectedInterval(.minorSecond)])!)
    }

    /// ±60 c (and the threshold test's own 100 c) from A4 sound on G♯4 and A♯4; the minor second up adds B4.
    @Test func aComparisonOnOneKeyReachesBothNeighbours() {
        #expect(ReachableKeys.keys(for: Self.a4Only(), tuningReach: .zero) == Self.note("G#4")...Self.note("B4"))
    }

    @Test func theKnobsReachWidensTheKeysBothWays() {
        let keys = ReachableKeys.keys(for: Self.a4Only(), tuningReach: Cents(200))
        #expect(keys == Self.note("G4")...Self.note("C5"))
    }

    @Test func intervalsWidenOnlyInTheirDirection() {
        var settings = Self.a4Only()
        settings.intervals = IntervalSelection([DirectedInterval(.perfectFifth)])!
        #expect(ReachableKeys.keys(for: settings, tuningReach: .zero) == Self.note("G#4")...Self.note("F5"))
        settings.intervals = IntervalSelection([DirectedInterval(.perfectFifth, .down)])!
        #expect(ReachableKeys.keys(for: settings, tuningReach: .zero) == Self.note("C#4")...Self.note("A#4"))
    }

    /// A just minor seventh is 1017.6 c: 140 c beyond it is 57.6 c past G♯5, so on A5; the equal-tempered
    /// one (1000 c) ends 40 c past G♯5, still on it.
    @Test func aJustIntervalCountsWithItsOwnSize() {
        var settings = TrainingSettings(noteRange: Self.a4...Self.a4, maximumCentDifference: Cents(40),
                                        maxInitialCentOffset: Cents(1), intervals: IntervalSelection([DirectedInterval(.minorSeventh)])!)
        #expect(ReachableKeys.keys(for: settings, tuningReach: Cents(140)).upperBound == Self.note("G#5"))
        settings.tuningSystem = .justIntonation
        #expect(ReachableKeys.keys(for: settings, tuningReach: Cents(140)).upperBound == Self.note("A5"))
    }

    /// A4 = 415 Hz on a 440-Hz synth is 101 c flat: every pitch moves down by a key (G♯4…B4 at 440 Hz).
    @Test func aReferencePitchOffTheSynthsShiftsTheKeys() {
        var settings = Self.a4Only(maximum: 20)
        settings.referencePitch = ReferencePitch(hertz: 415)!
        let keys = ReachableKeys.keys(for: settings, tuningReach: .zero)
        #expect(keys == Self.note("G4")...Self.note("A#4"))
    }

    @Test func theLargestDepartureIsTheLargestOfItsSources() {
        #expect(ReachableKeys.largestDeparture(Self.a4Only(maximum: 60, initialOffset: 1), tuningReach: .zero) == Cents(100))
        #expect(ReachableKeys.largestDeparture(Self.a4Only(maximum: 100, initialOffset: 150), tuningReach: .zero) == Cents(150))
        #expect(ReachableKeys.largestDeparture(Self.a4Only(), tuningReach: Cents(-250)) == Cents(250))
    }

    @Test func keysBeyondTheMIDIRangeAreClampedToIt() {
        let settings = TrainingSettings(noteRange: MIDINote(0)!...MIDINote(127)!)
        #expect(ReachableKeys.keys(for: settings, tuningReach: Cents(200)) == MIDINote(0)!...MIDINote(127)!)
    }
}
