import Foundation
import PeachCore
@testable import PeachDisciplines
import PeachTestSupport
import PeachText
import Testing

/// The SVG opens with where the user's hearing stands now: every trained discipline whose now is firm, with its
/// interval and trend, and the timing and matching reports' text says it too.
@MainActor @Suite struct HearingOverviewTests {
    static func document(_ records: [TrainingRecord]) -> ProfileDocument { ProfileWordsAndPicturesTests.document(records) }
    static func english<T>(_ body: () -> T) -> T { ProfileWordsAndPicturesTests.english(body) }

    /// The overview's lines: the first panel's texts (the later panels are moved down in groups).
    static func overview(_ svg: String) -> [String] {
        svg.split(separator: "\n").prefix { !$0.hasPrefix("<g transform") }.filter { $0.hasPrefix("<text x=\"70\"") }.map { line in
            String(line.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" })
        }
    }

    @Test func everyFirmDisciplineIsListedWithNowAndItsTrend() {
        let records = SimulatedHistory.comparisons(days: 3, perDay: 120, seed: 7) { _ in 9 }
            + SimulatedHistory.pitchMatches(days: 3, perDay: 30, seed: 8) { _ in 5 }
        let svg = Self.english { Self.document(records).svg }
        let lines = Self.overview(svg)
        #expect(lines.first == "Your hearing now")
        #expect(lines.contains { $0.hasPrefix("Pitch discrimination: threshold ") && $0.contains(" cents · ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("Pitch matching: spread ") }, "\(lines)")
        #expect(lines.count == 3, "the heading and the two trained disciplines: \(lines)")
    }

    @Test func withoutAFirmFigureItSaysSo() {
        let svg = Self.english { Self.document(SimulatedHistory.comparisons(days: 1, perDay: 3, seed: 9) { _ in 9 }).svg }
        #expect(Self.overview(svg) == ["Your hearing now", "not enough training yet to say where your hearing stands"])
    }

    @Test func theMatchingTextSaysItsSpreadNow() {
        let records = SimulatedHistory.pitchMatches(days: 3, perDay: 30, seed: 8) { _ in 5 }
        let lines = Self.english { Self.document(records).lines }
        #expect(lines.contains { $0.hasPrefix("  spread now: ") && $0.contains("cents (latest training day, ") }, "\(lines)")
    }
}
