import Foundation

/// Peach's library of tunings. Each is written as .scl text and read by `ScalaScale.parse`, so the library
/// runs through the same parser as the user's files. Ratios are written where the definition is a ratio
/// (Pythagorean, 5-limit just, Bohlen–Pierce); tempered scales are written as cents computed from their
/// definitions: a chain of eleven fifths from E♭ to G♯ for the circulating and meantone temperaments
/// (so the leftover "wolf" lies between G♯ and E♭), and k · period / n for the equal divisions.
public enum NamedTunings {
    /// Every named tuning, in the order `peach tunings` lists them. A definition that failed to parse would be
    /// missing here; NamedTuningsTests checks that none is.
    public static let all: [NamedTuning] = definitions.compactMap { definition in
        guard let scale = try? ScalaScale.parse(definition.text) else { return nil }
        return NamedTuning(id: definition.id, name: definition.name, source: definition.source,
                           scalaText: definition.text, scale: scale)
    }

    /// The tuning with this id ("edo-31"), if any.
    public static func tuning(id: String) -> NamedTuning? { all.first { $0.id == id } }

    static let definitions: [(id: String, name: String, source: String, text: String)] = [
        ("pythagorean", "Pythagorean", "pure 3/2 fifths from E♭ to G♯ (Pythagoras; Barbour, Tuning and Temperament, 1951)",
         ratioText("Pythagorean, pure fifths Eb..G#, wolf G#-Eb",
                   ["2187/2048", "9/8", "32/27", "81/64", "4/3", "729/512", "3/2", "6561/4096", "27/16", "16/9", "243/128", "2/1"])),
        ("meantone-quarter-comma", "Quarter-comma meantone",
         "fifths narrowed by 1/4 syntonic comma, E♭ to G♯ (Aron 1523; Barbour 1951)",
         fifthsText("1/4-comma meantone, Eb..G#, wolf G#-Eb", tempered: Array(repeating: syntonicComma / 4, count: 11))),
        ("werckmeister-3", "Werckmeister III",
         "C–G, G–D, D–A and B–F♯ narrowed by 1/4 Pythagorean comma, the rest pure (Werckmeister, Musicalische Temperatur, 1691)",
         fifthsText("Werckmeister III (1691)", tempered: fifths(narrowed: [3, 4, 5, 8], by: pythagoreanComma / 4))),
        ("kirnberger-3", "Kirnberger III",
         "C–G, G–D, D–A, A–E narrowed by 1/4 syntonic comma, F♯–C♯ by the schisma, the rest pure (Kirnberger, 1779)",
         fifthsText("Kirnberger III (1779)",
                    tempered: zip(fifths(narrowed: [3, 4, 5, 6], by: syntonicComma / 4),
                                  fifths(narrowed: [9], by: pythagoreanComma - syntonicComma)).map(+))),
        ("vallotti", "Vallotti",
         "F–C–G–D–A–E–B narrowed by 1/6 Pythagorean comma, the rest pure (Vallotti, c. 1750; Barbour 1951)",
         fifthsText("Vallotti", tempered: fifths(narrowed: [2, 3, 4, 5, 6, 7], by: pythagoreanComma / 6))),
        ("just-5-limit", "5-limit just intonation",
         "the 5-limit ratios of Peach's just intonation (docs/intervals.md; Zarlino's and Ptolemy's syntonic ratios)",
         ratioText("5-limit just intonation, 12 notes on C",
                   ["16/15", "9/8", "6/5", "5/4", "4/3", "45/32", "3/2", "8/5", "5/3", "9/5", "15/8", "2/1"])),
    ] + [19, 22, 24, 31, 53].map { steps in
        ("edo-\(steps)", "\(steps)-EDO", "\(steps) equal divisions of the octave 2/1: step 1200/\(steps) c",
         equalText("\(steps) equal divisions of the octave", steps: steps, period: Cents.perOctave, periodText: "2/1"))
    } + [
        ("bohlen-pierce", "Bohlen–Pierce (just)",
         "the just Bohlen–Pierce scale: 13 steps of the 3/1 tritave (Bohlen 1978; Mathews & Pierce 1989)",
         ratioText("Bohlen-Pierce, just version, 13 steps of the tritave 3/1",
                   ["27/25", "25/21", "9/7", "7/5", "75/49", "5/3", "9/5", "49/25", "15/7", "7/3", "63/25", "25/9", "3/1"])),
    ]

    /// The pure fifth 3/2 and the two commas the temperaments distribute.
    static let pureFifth = Cents.perOctave * log2(1.5)
    static let syntonicComma = Cents.perOctave * log2(81.0 / 80)
    static let pythagoreanComma = Cents.perOctave * log2(531_441.0 / 524_288)

    /// The chain E♭ B♭ F C G D A E B F♯ C♯ G♯ as semitones above C; fifth i joins chain[i] and chain[i + 1].
    static let chain = [3, 10, 5, 0, 7, 2, 9, 4, 11, 6, 1, 8]

    /// How much each of the eleven fifths is narrowed: `amount` for the fifths at `indices`, 0 elsewhere.
    static func fifths(narrowed indices: Set<Int>, by amount: Double) -> [Double] {
        (0..<11).map { indices.contains($0) ? amount : 0 }
    }

    /// Walks the chain of fifths from C both ways and folds each note into the octave above C.
    static func fifthsText(_ description: String, tempered: [Double]) -> String {
        var cents = Array(repeating: 0.0, count: 12)
        let c = 3
        for index in c + 1..<12 { cents[chain[index]] = cents[chain[index - 1]] + pureFifth - tempered[index - 1] }
        for index in stride(from: c - 1, through: 0, by: -1) {
            cents[chain[index]] = cents[chain[index + 1]] - (pureFifth - tempered[index])
        }
        let folded = cents.dropFirst().map { value in value - Cents.perOctave * (value / Cents.perOctave).rounded(.down) }
        return centsText(description, folded.map { String(format: "%.6f", $0) } + ["2/1"])
    }

    static func equalText(_ description: String, steps: Int, period: Double, periodText: String) -> String {
        centsText(description, (1..<steps).map { String(format: "%.6f", Double($0) * period / Double(steps)) } + [periodText])
    }

    static func ratioText(_ description: String, _ pitches: [String]) -> String { centsText(description, pitches) }

    /// The .scl text: a comment naming Peach, the description, the count, one pitch per line.
    static func centsText(_ description: String, _ pitches: [String]) -> String {
        (["! Peach's library (docs/tunings.md)", description, " \(pitches.count)", "!"] + pitches.map { " " + $0 })
            .joined(separator: "\n") + "\n"
    }
}
