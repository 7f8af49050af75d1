import PeachCore
import PeachText

/// The line shown before and during an interval trial: "perfect fifth up (P5 ↑) · just intonation · harmonic".
enum IntervalDetail {
    static func describe(_ interval: DirectedInterval, _ system: TuningSystem, _ presentation: IntervalPresentation) -> String {
        "\(interval.spokenName) (\(interval)) · \(system.name) · \(presentation.name)"
    }
}
