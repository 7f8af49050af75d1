/// The keys a trial can make the synth sound, from the settings: calibration measures these, so the
/// pitch Peach records for any note a trial plays rests on a measured key tuning.
///
/// A trial's notes are not confined to the note range: a comparison's second note lies up to the
/// largest difference away (±60 c from A4 sounds on G♯4 or A♯4), an interval's target up to the
/// largest configured interval, a pitch-matching note starts up to the largest initial offset away
/// and the tuning knob moves it further; a reference pitch other than the synth's own A4 shifts
/// everything. Each pitch sounds on its nearest key (`BendTuning.placement(of:)`).
public enum ReachableKeys {
    /// Every key whose half-semitone neighbourhood a trial's pitch can fall in (keys at the MIDI
    /// range's ends take the pitches beyond it). `tuningReach`: how far from the target the tuning
    /// controls can move a pitch-matching note (the absolute knob's reach; unbounded relative moves
    /// beyond it are not covered: a trial that sounds past every measured key is recorded `assumed`). `reach`: the
    /// disciplines' (`Disciplines.reach(of:)`). `synthConcertPitch`: the synth's own A4 (440 Hz for General MIDI).
    public static func keys(for settings: TrainingSettings, reach: TrialReach, tuningReach: Cents,
                            synthConcertPitch: ReferencePitch = .standard) -> ClosedRange<MIDINote> {
        let shift = Cents.between(synthConcertPitch.frequency, and: settings.referencePitch.frequency)
        let intervals = intervalSpan(settings)
        let departure = largestDeparture(reach, tuningReach: tuningReach)
        let lowest = Double(settings.noteRange.lowerBound.rawValue) * Cents.perSemitone
            + (shift + intervals.lowerBound - departure).value
        let highest = Double(settings.noteRange.upperBound.rawValue) * Cents.perSemitone
            + (shift + intervals.upperBound + departure).value
        // A pitch exactly halfway between two keys may go to either: both count.
        let lowestKey = Int((lowest / Cents.perSemitone - 0.5).rounded(.up))
        let highestKey = Int((highest / Cents.perSemitone + 0.5).rounded(.down))
        return MIDINote(clamping: lowestKey)...MIDINote(clamping: max(lowestKey, highestKey))
    }

    /// The furthest a note of a trial lies from the note it is drawn on (or from an interval's target):
    /// the largest departure a discipline declares, a tunable note's start, or the tuning controls' reach.
    static func largestDeparture(_ reach: TrialReach, tuningReach: Cents) -> Cents {
        max(reach.departure, reach.tunableStart, tuningReach.magnitude)
    }

    /// The signed span of where the configured intervals' notes sound in the configured tuning system, relative
    /// to their reference key, unison included: intervals that only go up widen the reach upwards only. A scale
    /// tuning's sizes and reference pitches depend on the key, so every key of the note range is asked.
    static func intervalSpan(_ settings: TrainingSettings) -> ClosedRange<Cents> {
        let system = settings.tuningSystem
        let references = system.scale == nil ? [settings.noteRange.lowerBound] : settings.noteRange.notes
        var sizes: [Cents] = [.zero]
        for interval in settings.intervals.intervals {
            for key in references {
                let tuned = system.placement(of: interval, from: key, referencePitch: settings.referencePitch)
                sizes += [tuned.referenceOffset, tuned.targetOffset]
            }
        }
        return (sizes.min() ?? .zero)...(sizes.max() ?? .zero)
    }
}
