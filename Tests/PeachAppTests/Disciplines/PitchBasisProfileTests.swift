import Foundation
@testable import PeachApp
import PeachCore
import PeachDisciplines
import PeachStore
import PeachText
@testable import PeachTrainer
import Testing

/// `peach profile` says, per pitch discipline, how many of its trials were played on a synth Peach never
/// measured (their cents are only what Peach sent) or on an uncalibrated synth's built-in profile; `--json`
/// always counts every basis. Measured trials and those that state nothing (older lines, imports) add no line.
@MainActor @Suite struct PitchBasisProfileTests {
    typealias Main = TodaysMainFixtureTests
    static let range = MIDINote(48)!...MIDINote(72)!

    static func comparison(_ index: Int, _ basis: PitchBasis?) -> TrainingRecord {
        TrainingRecord(ComparisonRecord(
            timestamp: Date(timeIntervalSince1970: 1_772_548_200 + Double(index)), referenceNote: MIDINote(60)!,
            targetNote: MIDINote(60)!, intendedCentOffset: Cents(10), presentedCentOffset: Cents(10),
            answeredHigher: index % 3 != 0, isCorrect: index % 3 != 0, pitchBasis: basis))
    }

    static func matching(_ index: Int, _ basis: PitchBasis?) -> TrainingRecord {
        TrainingRecord(PitchMatchingRecord(
            timestamp: Date(timeIntervalSince1970: 1_772_548_300 + Double(index)), referenceNote: MIDINote(64)!,
            targetNote: MIDINote(64)!, initialCentOffset: Cents(20), userCentError: Cents(Double(index % 5) - 2),
            pitchBasis: basis))
    }

    /// Ten answers (3 assumed, 2 built-in, 1 measured, 4 unknown) and three attempts (1 assumed, 2 unknown).
    static func mixedHistory() -> [TrainingRecord] {
        let answers: [PitchBasis?] = [.assumed, .assumed, .assumed, .builtIn, .builtIn, .measured, nil, nil, nil, nil]
        let attempts: [PitchBasis?] = [.assumed, nil, nil]
        return answers.enumerated().map { comparison($0.offset, $0.element) }
            + attempts.enumerated().map { matching($0.offset, $0.element) }
    }

    static func profile(of records: [TrainingRecord], json: Bool = false, in language: Language = .english) throws -> String {
        let directory = DataDirectory(path: NSTemporaryDirectory() + "peach-basis-profile-" + UUID().uuidString)
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let store = try TrainingStore.open(directory, codecs: Disciplines.codecs).store
        for record in records { try store.save(record) }
        let captured = Main.Captured()
        let status = Localization.rendering(in: language) {
            ProfileCommand.run(directory: directory, range: range, svgPath: nil, json: json, console: captured.console)
        }
        #expect(status == 0 && captured.err.isEmpty, "\(captured.err)")
        return captured.out
    }

    static func lines(_ text: String, after heading: String) -> [String] {
        let all = text.split(separator: "\n").map(String.init)
        guard let start = all.firstIndex(where: { $0.hasPrefix(heading) }) else { return [] }
        return Array(all[(start + 1)...].prefix { $0.hasPrefix("  ") })
    }

    @Test func eachPitchSectionSaysHowManyTrialsRestOnNothingMeasured() throws {
        let text = try Self.profile(of: Self.mixedHistory())
        let answers = Self.lines(text, after: "Pitch discrimination")
        #expect(answers.prefix(2) == [
            "  3 of 10 were played on a synth or key Peach never measured: their cents are what Peach sent",
            "  2 of 10 were played on an uncalibrated synth with a built-in profile: its keys were taken as in tune",
        ])
        let attempts = Self.lines(text, after: "Pitch matching")
        #expect(attempts.first == "  1 of 3 was played on a synth or key Peach never measured: its cents are what Peach sent")
        #expect(!attempts.contains { $0.contains("built-in") })
    }

    @Test func measuredAndUnstatedTrialsAddNoLine() throws {
        let history = (0..<6).map { Self.comparison($0, $0 % 2 == 0 ? .measured : nil) } + [Self.matching(0, .measured)]
        let text = try Self.profile(of: history)
        #expect(!text.contains("never measured") && !text.contains("built-in profile"))
    }

    @Test func theJSONCountsEveryBasis() throws {
        let json = try Self.profile(of: Self.mixedHistory(), json: true)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let entries = try #require(document["disciplines"] as? [[String: Any]])
        let counts = entries.compactMap { $0["pitchBasis"] as? [String: Int] }
        #expect(counts == [["measured": 1, "builtIn": 2, "assumed": 3, "unknown": 4],
                           ["measured": 0, "builtIn": 0, "assumed": 1, "unknown": 2]])
    }

    @Test func theStatementSpeaksGerman() throws {
        let text = try Self.profile(of: Self.mixedHistory(), in: .german)
        #expect(text.contains("\n  3 von 10 wurden auf einem Synthesizer oder einer Taste gespielt, die Peach nie gemessen hat: die Cent-Werte geben nur wieder, was Peach gesendet hat\n"))
        #expect(text.contains("\n  2 von 10 wurden auf einem nicht kalibrierten Synthesizer mit eingebautem Profil gespielt: seine Tasten galten als sauber gestimmt\n"))
        #expect(text.contains("\n  1 von 3 wurde auf einem Synthesizer oder einer Taste gespielt, die Peach nie gemessen hat: die Cent-Werte geben nur wieder, was Peach gesendet hat\n"))
    }
}
