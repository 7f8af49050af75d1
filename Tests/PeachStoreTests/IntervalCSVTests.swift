import Foundation
import Testing
import PeachCore
@testable import PeachStore
import PeachDisciplines
import PeachTestSupport
import PeachFormats

/// iOS Peach format 3 with interval rows: they import into the matching disciplines (interval × tuning system,
/// direction from the notes) and export back identically; the tritone stays "d5" as iOS writes it.
@Suite struct IntervalCSVTests {
    /// One interval comparison and one interval matching row per interval, alternating direction and system,
    /// as iOS Peach writes them (sorted by time, one decimal at least).
    static func iOSFile() -> String {
        var lines = [PeachCSVFormat.metadataLine, PeachCSVFormat.columns.joined(separator: ",")]
        var second = 0
        for interval in Interval.allCases where interval != .perfectUnison {
            for (index, system) in [TuningSystem.equalTemperament, .justIntonation].enumerated() {
                let down = (interval.semitones + index) % 2 == 1
                let reference = 62
                let target = reference + (down ? -interval.semitones : interval.semitones)
                let names = "\(reference),\(MIDINote(reference)!.name),\(target),\(MIDINote(target)!.name)"
                let time = String(format: "2026-03-03T14:%02d:%02dZ", second / 60, second % 60)
                lines.append("pitchDiscrimination,\(time),\(names),\(interval.abbreviation),\(system.rawValue),"
                             + "\(down ? "-" : "")12.5,\(down ? "false" : "true"),,,,,,,,,")
                second += 1
                let time2 = String(format: "2026-03-03T14:%02d:%02dZ", second / 60, second % 60)
                lines.append("pitchMatching,\(time2),\(names),\(interval.abbreviation),\(system.rawValue),,,"
                             + "\(down ? "-" : "")31.0,\(down ? "2.5" : "-4.25"),,,,,,,")
                second += 1
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test @MainActor func intervalRowsImportIntoTheirDisciplinesWithTheDirectionFromTheNotes() throws {
        let parsed = try CSVImporter(codecs: Disciplines.codecs).parse(Self.iOSFile())
        #expect(parsed.invalid.isEmpty, "\(parsed.invalid)")
        #expect(parsed.records.count == 12 * 2 * 2)
        let disciplines = Set(parsed.records.map(\.discipline))
        #expect(disciplines.count == 12 * 2 * 2, "one discipline per kind × interval × tuning system, none unison")
        #expect(!disciplines.contains(.unisonComparison) && !disciplines.contains(.unisonPitchMatching))
        for record in parsed.records {
            guard let comparison = record.comparisonRecord else { continue }
            let directed = try #require(DirectedInterval(from: comparison.referenceNote, to: comparison.targetNote))
            #expect(directed.interval == comparison.interval)
        }
        let tritones = parsed.records.filter { $0.discipline.interval == .tritone }
        #expect(tritones.count == 4)
        let profile = PerceptualProfile()
        profile.rebuild(from: parsed.records)
        #expect(profile.comparisonCount(in: .unisonComparison) == 0)
        #expect(profile.pitchMatching(in: .unisonPitchMatching).count == 0)
        for discipline in disciplines where discipline.kind == .comparison {
            #expect(profile.comparisonCount(in: discipline) == 1, "\(discipline)")
        }
    }

    @Test func anIOSFileExportsBackIdentically() throws {
        let file = Self.iOSFile()
        let parsed = try CSVImporter(codecs: Disciplines.codecs).parse(file)
        #expect(CSVExporter(codecs: Disciplines.codecs).csv(parsed.records) == file)
        #expect(file.contains(",d5,") && !file.contains(",TT,"))
    }

    @Test func recordsOfOurIntervalModesRoundTripThroughTheIOSFormat() throws {
        let time = Date(timeIntervalSince1970: 1_772_548_200)
        let comparison = CompletedComparison(
            comparison: Comparison(referenceNote: MIDINote(67)!, targetNote: MIDINote(60)!, centOffset: Cents(-6.5),
                                   interval: .perfectFifth, tuningSystem: .justIntonation, presentation: .harmonic),
            answeredHigher: false, timestamp: time, presentedCentOffset: Cents(-6.48))
        let matching = CompletedPitchMatching(
            challenge: PitchMatchingChallenge(referenceNote: MIDINote(60)!, targetNote: MIDINote(64)!,
                                              initialCentOffset: Cents(-20), interval: .majorThird,
                                              tuningSystem: .justIntonation, presentation: .harmonic),
            userCentError: Cents(1.5), timestamp: time.addingTimeInterval(1), controllerMode: .cc7)
        let records = [Disciplines.record(of: comparison, outputName: "FLUID Synth")!,
                       Disciplines.record(of: matching, outputName: nil)!]
        let csv = CSVExporter(codecs: Disciplines.codecs).csv(records)
        #expect(csv.contains("pitchDiscrimination,2026-03-03T14:30:00Z,67,G4,60,C4,P5,justIntonation,-6.5,true,"))
        #expect(csv.contains("pitchMatching,2026-03-03T14:30:01Z,60,C4,64,E4,M3,justIntonation,,,-20.0,1.5,"))
        let back = try CSVImporter(codecs: Disciplines.codecs).parse(csv).records
        #expect(back.map(\.discipline) == records.map(\.discipline))
        #expect(CSVExporter(codecs: Disciplines.codecs).csv(back) == csv)
    }
}

