import Foundation
import Testing
@testable import PeachCore

/// The library's scales against published interval sizes (within 0.01 c). Degrees count semitones above C
/// for the 12-note scales (E♭ = 3, E = 4, G = 7, G♯ = 8).
@Suite struct NamedTuningsTests {
    static func scale(_ id: String) throws -> ScalaScale { try #require(NamedTunings.tuning(id: id)).scale }

    static func expectInterval(_ id: String, _ lower: Int, _ upper: Int, _ published: Double,
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let size = try scale(id).interval(from: lower, to: upper).value
        #expect(abs(size - published) < 0.01, "\(id) \(lower)→\(upper): \(size) c, published \(published) c",
                sourceLocation: sourceLocation)
    }

    @Test func everyDefinitionParsesWithAUniqueId() {
        #expect(NamedTunings.all.count == NamedTunings.definitions.count)
        #expect(NamedTunings.all.count == 12)
        #expect(Set(NamedTunings.all.map(\.id)).count == NamedTunings.all.count)
        for tuning in NamedTunings.all { #expect((try? ScalaScale.parse(tuning.scalaText)) == tuning.scale) }
    }

    @Test func quarterCommaMeantone() throws {
        try Self.expectInterval("meantone-quarter-comma", 0, 4, 386.314)
        try Self.expectInterval("meantone-quarter-comma", 0, 7, 696.578)
        try Self.expectInterval("meantone-quarter-comma", 8, 15, 737.637)  // the wolf G♯–E♭
    }

    @Test func pythagorean() throws {
        try Self.expectInterval("pythagorean", 0, 7, 701.955)
        try Self.expectInterval("pythagorean", 8, 15, 678.495)
        try Self.expectInterval("pythagorean", 0, 4, 407.820)
    }

    @Test func circulatingTemperaments() throws {
        try Self.expectInterval("werckmeister-3", 0, 7, 696.090)
        try Self.expectInterval("werckmeister-3", 0, 4, 390.225)
        try Self.expectInterval("kirnberger-3", 0, 7, 696.578)
        try Self.expectInterval("kirnberger-3", 0, 4, 386.314)
        try Self.expectInterval("vallotti", 0, 7, 698.045)
        try Self.expectInterval("vallotti", 0, 4, 392.180)
        // No wolf: the circulating temperaments' G♯–E♭ is within a comma of pure.
        for id in ["werckmeister-3", "kirnberger-3", "vallotti"] {
            #expect(abs(try Self.scale(id).interval(from: 8, to: 15).value - 701.955) < 23.47, "\(id)")
        }
    }

    @Test func justIntonation() throws {
        try Self.expectInterval("just-5-limit", 0, 4, 386.314)
        try Self.expectInterval("just-5-limit", 0, 7, 701.955)
        let scale = try Self.scale("just-5-limit")
        for interval in Interval.allCases where interval != .perfectUnison {
            let ours = scale.cents(ofDegree: interval.semitones).value
            #expect(abs(ours - TuningSystem.justIntonation.cents(of: interval).value) < 1e-9, "\(interval)")
        }
    }

    @Test func equalDivisions() throws {
        try Self.expectInterval("edo-31", 0, 1, 38.710)
        try Self.expectInterval("edo-31", 0, 18, 696.774)
        try Self.expectInterval("edo-53", 0, 31, 701.887)
        try Self.expectInterval("edo-19", 0, 11, 694.737)
        try Self.expectInterval("edo-22", 0, 1, 54.545)
        try Self.expectInterval("edo-24", 0, 1, 50.000)
        for steps in [19, 22, 24, 31, 53] { #expect(try Self.scale("edo-\(steps)").noteCount == steps) }
    }

    @Test func bohlenPierceRepeatsAtTheTritave() throws {
        let scale = try Self.scale("bohlen-pierce")
        #expect(scale.noteCount == 13)
        #expect(abs(scale.period.value - 1901.955) < 0.01)
        try Self.expectInterval("bohlen-pierce", 0, 13, 1901.955)
        try Self.expectInterval("bohlen-pierce", 0, 4, 582.512)  // 7/5
    }
}
