import Testing
@testable import PeachCore

/// Which keys a trial can reach: the note range widened by the largest difference, interval and
/// tuning reach, at the synth's own concert pitch.
@Suite struct ReachableKeysTests {
    static let a4 = MIDINote.a4
    static func note(_ name: String) -> MIDINote { MIDINote(name: name)! }

    /// The session: A4 only, a minor second up as the interval setting.
    static func a4Only() -> TrainingSettings {
        TrainingSettings(noteRange: a4...a4, intervals: IntervalSelection([DirectedInterval(.minorSecond)])!)
    }

    /// What the disciplines declare: by default comparisons (and the threshold test) up to 100 c, a tunable note
    /// starting 1 c away.
    static func reach(departure: Double = 100, start: Double = 1) -> TrialReach {
        TrialReach(departure: Cents(departure), tunableStart: Cents(start))
    }

    /// ±100 c from A4 sound on G♯4 and A♯4; the minor second up adds B4.
    @Test func aComparisonOnOneKeyReachesBothNeighbours() {
        #expect(ReachableKeys.keys(for: Self.a4Only(), reach: Self.reach(), tuningReach: .zero) == Self.note("G#4")...Self.note("B4"))
    }

    @Test func theKnobsReachWidensTheKeysBothWays() {
        let keys = ReachableKeys.keys(for: Self.a4Only(), reach: Self.reach(), tuningReach: Cents(200))
        #expect(keys == Self.note("G4")...Self.note("C5"))
    }

    @Test func intervalsWidenOnlyInTheirDirection() {
        var settings = Self.a4Only()
        settings.intervals = IntervalSelection([DirectedInterval(.perfectFifth)])!
        #expect(ReachableKeys.keys(for: settings, reach: Self.reach(), tuningReach: .zero) == Self.note("G#4")...Self.note("F5"))
        settings.intervals = IntervalSelection([DirectedInterval(.perfectFifth, .down)])!
        #expect(ReachableKeys.keys(for: settings, reach: Self.reach(), tuningReach: .zero) == Self.note("C#4")...Self.note("A#4"))
    }

    /// A just minor seventh is 1017.6 c: 140 c beyond it is 57.6 c past G♯5, so on A5; the equal-tempered
    /// one (1000 c) ends 40 c past G♯5, still on it.
    @Test func aJustIntervalCountsWithItsOwnSize() {
        var settings = TrainingSettings(noteRange: Self.a4...Self.a4, intervals: IntervalSelection([DirectedInterval(.minorSeventh)])!)
        let reach = Self.reach(departure: 40)
        #expect(ReachableKeys.keys(for: settings, reach: reach, tuningReach: Cents(140)).upperBound == Self.note("G#5"))
        settings.tuningSystem = TuningSystem.justIntonation
        #expect(ReachableKeys.keys(for: settings, reach: reach, tuningReach: Cents(140)).upperBound == Self.note("A5"))
    }

    /// A4 = 415 Hz on a 440-Hz synth is 101 c flat: every pitch moves down by a key (G♯4…B4 at 440 Hz).
    @Test func aReferencePitchOffTheSynthsShiftsTheKeys() {
        var settings = Self.a4Only()
        settings.referencePitch = ReferencePitch(hertz: 415)!
        let keys = ReachableKeys.keys(for: settings, reach: Self.reach(), tuningReach: .zero)
        #expect(keys == Self.note("G4")...Self.note("A#4"))
    }

    @Test func theLargestDepartureIsTheLargestOfItsSources() {
        #expect(ReachableKeys.largestDeparture(Self.reach(departure: 100, start: 1), tuningReach: .zero) == Cents(100))
        #expect(ReachableKeys.largestDeparture(Self.reach(departure: 100, start: 150), tuningReach: .zero) == Cents(150))
        #expect(ReachableKeys.largestDeparture(Self.reach(), tuningReach: Cents(-250)) == Cents(250))
    }

    @Test func keysBeyondTheMIDIRangeAreClampedToIt() {
        let settings = TrainingSettings(noteRange: MIDINote(0)!...MIDINote(127)!)
        #expect(ReachableKeys.keys(for: settings, reach: Self.reach(), tuningReach: Cents(200)) == MIDINote(0)!...MIDINote(127)!)
    }
}
