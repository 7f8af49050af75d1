import PeachCore
import PeachText

/// The line shown before and during an interval trial: "perfect fifth up (P5 ↑) · just intonation · harmonic";
/// in a scale tuning also where the interval lies in it, since its size depends on the note it starts on:
/// "major third up (M3 ↑) · Quarter-comma meantone: G♯3–C4, 427.4 c · melodic",
/// "perfect fifth up (P5 ↑) · 31-EDO: 18 steps, 696.8 c · melodic".
enum IntervalDetail {
    static func describe(_ interval: DirectedInterval, _ system: TuningSystem, _ presentation: IntervalPresentation,
                         from reference: MIDINote, target: MIDINote) -> String {
        "\(interval.spokenName) (\(interval)) · \(tuning(system, interval, from: reference, target: target)) · \(presentation.name)"
    }

    /// The tuning's name, and for a scale tuning the interval's place in it. The standard reference pitch is
    /// enough here: it moves where the scale sounds, not its intervals.
    static func tuning(_ system: TuningSystem, _ interval: DirectedInterval, from reference: MIDINote,
                       target: MIDINote) -> String {
        guard let scale = system.scale, interval.interval != .perfectUnison else { return system.name }
        let tuned = system.placement(of: interval, from: reference, referencePitch: .standard)
        let size = LocalizedNumber.decimal(tuned.size.magnitude.value, places: 1)
        if scale.isKeyboardScale {
            return tr(.tuningScaleKeys, ["tuning": system.name, "from": reference.name, "to": target.name, "size": size])
        }
        let steps = tuned.degrees.map { abs($0.steps) } ?? 0
        return tr(.tuningScaleSteps, count: steps, ["tuning": system.name, "size": size])
    }
}
