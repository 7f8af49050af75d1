import Foundation
import PeachCore
import PeachDisciplines
import PeachTestSupport
import PeachText
import Testing

/// What `peach profile` says and draws where there is little to say: nothing about regions without answers, no
/// figure where Peach has none (an inconclusive estimate), one line instead of an empty chart.
@MainActor @Suite struct ProfileWordsAndPicturesTests {
    static let range = MIDINote(48)!...MIDINote(72)!

    static func document(_ records: [TrainingRecord]) -> ProfileDocument {
        let profile = PerceptualProfile()
        profile.rebuild(from: records)
        return ProfileDocument(ReportContext(profile: profile, range: range))
    }

    static func english<T>(_ body: () -> T) -> T { Localization.rendering(in: .english, body) }

    @Test func theTextListsOnlyRegionsWithAnswers() {
        let answers = SimulatedHistory.comparisons(days: 1, perDay: 3, seed: 1) { _ in 9 }
        let lines = Self.english { Self.document(answers).lines }
        let regions = lines.drop { !$0.contains("by region") }.dropFirst().prefix { $0.hasPrefix("    ") }
        #expect(Array(regions) == ["    C4–F4     not enough data yet (3 answers)"])
        #expect(!lines.contains { $0.contains("unknown") })
    }
}
