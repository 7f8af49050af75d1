@testable import PeachApp
import PeachCore
import PeachDisciplines
import PeachText
@testable import PeachTrainer
import Testing

/// Plain mode in German, as a German screen reader user hears it: the same command words, German lines,
/// numbers with a decimal comma. The trial lines' numbers vary, so they are matched by shape.
@MainActor @Suite struct GermanPlainModeTests {
    @Test func aGermanSessionUsesTheSameCommandWordsAndSpeaksGerman() async {
        await Localization.$override.withValue(.german) {
            let transcript = PlainSession()
            let f = transcript.fixture, run = transcript.run
            func type(_ line: String) { transcript.type(line) }

            #expect(await eventually("start line") { transcript.count("Start: ") == 1 })
            type("c")
            #expect(await eventually("answerable") { f.controller.comparison.isAnswerEnabled })
            type("h")
            #expect(await eventually("verdict") { transcript.lines.contains { $0.hasPrefix("richtig: ") || $0.hasPrefix("falsch: ") } })
            type("s")
            #expect(await eventually("back at start") { transcript.count("Start: ") == 2 })
            type("m")
            #expect(await eventually("tunable") { f.controller.pitchMatching.isAdjustable })
            type("+0,5")
            type("")
            #expect(await eventually("result") { transcript.count("Ergebnis: ") == 1 })
            type("bogus")
            #expect(await eventually("unknown reported") { transcript.count("unbekannter Befehl 'bogus'") == 1 })
            type("q")
            #expect(await run.value == 0)

            let lines = transcript.lines
            #expect(lines.first == "Start: c = tonhöhenvergleich starten, m = tonhöhe treffen starten, "
                    + "ic = intervallvergleich starten, im = intervall stimmen starten, t = schwellentest starten, "
                    + "ct = timing vergleichen starten, fg = lücke füllen starten, tc = tipp-kalibrierung starten, "
                    + "p = Profil, i = Info, q = beenden, help")
            #expect(lines.contains("Tonhöhenvergleich: antworte h (höher) oder l (tiefer), sobald Ton 2 beginnt; s beendet"))
            #expect(lines.contains("Vergleich 1: Ton 1"))
            let verdict = lines.first { $0.hasPrefix("richtig: ") || $0.hasPrefix("falsch: ") } ?? ""
            #expect(verdict.wholeMatch(of: /(richtig|falsch): Ton 2 war \d+,\d Cent (höher|tiefer) \(\d von 1 richtig\)/) != nil, "\(verdict)")
            let result = lines.first { $0.hasPrefix("Ergebnis: ") } ?? ""
            #expect(result.wholeMatch(of: /Ergebnis: (\d+,\d Cent zu (hoch|tief)|genau \(auf 0,05 Cent\))/) != nil, "\(result)")
            #expect(!lines.joined().contains("cents"))
        }
    }

    @Test func theHelpListsTheSameWordsInGerman() {
        let help = Localization.rendering(in: .german) { PlainCommandParser.help(modes: Disciplines.modes) }
        #expect(help.hasPrefix("Befehle: c = tonhöhenvergleich starten, "))
        #expect(help.contains("h / l = höher / tiefer antworten"))
        #expect(help.contains("q = beenden, help = dieser Text."))
        let english = Localization.rendering(in: .english) { PlainCommandParser.help(modes: Disciplines.modes) }
        #expect(english.hasPrefix("Commands: c = start comparison training, "))
    }
}
