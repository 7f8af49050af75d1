import Foundation
import Testing

/// The built program under different locales. `Fixtures/english/` holds what it printed before it could speak
/// German (captured with LC_ALL=C; peach.1 re-captured once after merging main's new [threshold_test] keys, whose
/// section was the only difference; help.txt and peach.1 given one clause more when `calibrate --capture` began
/// measuring the synth's latency; all three when `peach tunings` and `[training] tuning` came, and when `peach web` came): under `C`, `POSIX` or any non-German locale the output is byte for byte that.
/// A change to the English help or man page updates these files on purpose.
@Suite struct LocaleOutputTests {
    static let fixtures = BuiltPeach.repository + "/Tests/PeachAppTests/Fixtures/english/"

    static func fixture(_ name: String) throws -> String {
        try String(contentsOfFile: fixtures + name, encoding: .utf8)
    }

    @Test(arguments: [["LC_ALL": "C"], ["LC_ALL": "POSIX", "LANG": "de_DE.UTF-8"], ["LC_ALL": "", "LANG": "fr_FR.UTF-8"],
                      ["LC_ALL": "C", "LC_MESSAGES": "de_DE.UTF-8"]])
    func nonGermanLocalesPrintTodaysEnglish(environment: [String: String]) throws {
        let help = try BuiltPeach.shell("\"$1\" --help", [BuiltPeach.path], environment: environment)
        #expect(help.out == (try Self.fixture("help.txt")))
        let man = try BuiltPeach.shell("\"$1\" __man", [BuiltPeach.path], environment: environment)
        #expect(man.out == (try Self.fixture("peach.1")))
        let usage = try BuiltPeach.shell("\"$1\" bogus", [BuiltPeach.path], environment: environment)
        #expect(usage.status == 2)
        #expect(usage.err == (try Self.fixture("usage-error.txt")))
    }

    @Test func aGermanLocaleSpeaksGerman() throws {
        let environment = ["LC_ALL": "", "LANG": "de_DE.UTF-8"]
        let help = try BuiltPeach.shell("\"$1\" --help", [BuiltPeach.path], environment: environment)
        #expect(help.out.hasPrefix("Aufruf: peach [BEFEHL] [OPTIONEN]"))
        #expect(help.out.contains("Ein Gehörtrainer"))
        let usage = try BuiltPeach.shell("\"$1\" bogus", [BuiltPeach.path], environment: environment)
        #expect(usage.status == 2)
        #expect(usage.err.hasPrefix("peach: unbekannter Befehl 'bogus'"))
        let man = try BuiltPeach.shell("\"$1\" __man", [BuiltPeach.path], environment: environment)
        #expect(man.out.contains(".SH BESCHREIBUNG"))
    }
}
