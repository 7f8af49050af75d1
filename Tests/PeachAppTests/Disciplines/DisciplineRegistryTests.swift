import Foundation
import FoundationXML
@testable import PeachApp
import PeachCore
import PeachDisciplines
import PeachFormats
@testable import PeachStore
import PeachTestSupport
import PeachText
@testable import PeachTrainer
import Testing

/// The registry test: every registered discipline is complete. Its records survive the log and (where iOS
/// Peach's CSV has rows for them) an export and import, duplicates included; its report sections render as
/// text, JSON and SVG. (Its modes start and stop from Start in both interfaces: `DisciplineModesTests`.)
/// A discipline registered with a part missing or wrong fails here, not at a user's next launch.
@MainActor @Suite struct DisciplineRegistryTests {
    static let codecs = Disciplines.codecs

    static func samples(_ discipline: any Discipline) -> [DisciplineSamples.Sample] {
        guard let samples = DisciplineSamples.samples(of: discipline.kind), !samples.isEmpty else {
            Issue.record("no sample records of \(discipline.kind): add some to DisciplineSamples")
            return []
        }
        return samples
    }

    @Test func kindsTagsAndTrainingTypesAreUnique() {
        let kinds = Disciplines.all.map(\.kind)
        #expect(Set(kinds).count == kinds.count)
        let tags = Disciplines.all.map(\.logCodec.tag)
        #expect(Set(tags).count == tags.count)
        for tag in tags {
            #expect(tag.first?.isLetter == true && tag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) },
                    "tag '\(tag)' is a word, so lines of a newer Peach are told from damage")
        }
        let types = Self.codecs.csvTrainingTypes
        #expect(Set(types).count == types.count)
        #expect(types.allSatisfy(PeachCSVFormat.iOSTrainingTypes.contains), "CSV rows use iOS Peach's training types")
    }

    @Test func everyRecordSurvivesTheLog() throws {
        for discipline in Disciplines.all {
            let records = Self.samples(discipline).map(\.record)
            var fieldCounts: [Int] = []
            for record in records {
                #expect(record.kind == discipline.kind, "a sample of \(discipline.kind) is of its kind")
                let line = try Self.codecs.logLine(for: record)
                #expect(line.hasPrefix(discipline.logCodec.tag + "\t") && line.hasSuffix("\n"))
                fieldCounts.append(line.split(separator: "\t", omittingEmptySubsequences: false).count)
            }
            // A record missing a field added later (unknown) keeps the layout from before it; the fullest names them all.
            #expect(fieldCounts.max() == discipline.logCodec.fieldNames.count + 1, "\(discipline.kind): the header names every field")
            var decoded: [TrainingRecord] = []
            let text = LogFormat.fileHeader(Self.codecs) + records.map { try! Self.codecs.logLine(for: $0) }.joined()
            let parsed = LogFileParser(Array(text.utf8), codecs: Self.codecs) { decoded.append($0) }
            #expect(parsed.corruptLines.isEmpty && parsed.tail == nil, "\(discipline.kind): \(parsed.corruptLines)")
            #expect(decoded == records, "\(discipline.kind) survives log encode → decode")
        }
    }

    @Test func everyRecordSurvivesCSVExportAndImportOrIsLeftOutWithAReason() throws {
        let exporter = CSVExporter(codecs: Self.codecs), importer = CSVImporter(codecs: Self.codecs)
        for discipline in Disciplines.all {
            let samples = Self.samples(discipline)
            switch discipline.csvRows {
            case .noRows(let records):
                #expect(Localization.rendering(in: .english) { tr(records, count: 2) }.hasPrefix("2 "), "says how many")
                #expect(exporter.leftOut(samples.map(\.record)).map(\.count) == [samples.count])
            case .rows(let codec):
                #expect(codec.kind == discipline.kind)
                let parsed = try importer.parse(exporter.csv(samples.map(\.record)))
                #expect(parsed.invalid.isEmpty, "\(discipline.kind): \(parsed.invalid)")
                #expect(parsed.records.count == samples.count)
                for (sample, back) in zip(samples, parsed.records) {
                    #expect(back.kind == discipline.kind && back.timestamp == sample.record.timestamp)
                    #expect(codec.duplicateKey(back) == codec.duplicateKey(sample.record), "\(discipline.kind): a duplicate is known")
                    if sample.csvExact { #expect(back == sample.record, "\(discipline.kind) survives CSV export → import") }
                }
                #expect(exporter.csv(parsed.records) == exporter.csv(samples.map(\.record)), "a re-export is the same file")
            }
        }
    }

    @Test func importingAnExportAgainAddsNothing() throws {
        let temp = NSTemporaryDirectory() + "peach-registry-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let all = Disciplines.all.flatMap { Self.samples($0).map(\.record) }
        let csv = CSVExporter(codecs: Self.codecs).csv(all)
        let (log, existing) = try TrainingLog.openForWriting(DataDirectory(path: temp), codecs: Self.codecs)
        let importer = CSVImporter(codecs: Self.codecs)
        let first = try importer.importCSV(csv, into: log, existing: existing.records)
        let exported = all.count - CSVExporter(codecs: Self.codecs).leftOut(all).reduce(0) { $0 + $1.count }
        #expect(first.imported == exported && first.duplicates == 0)
        let second = try importer.importCSV(csv, into: log, existing: TrainingLog.read(DataDirectory(path: temp), codecs: Self.codecs).records)
        #expect(second.imported == 0 && second.duplicates == exported, "merge skips what is there, of every discipline")
    }

    @Test func everyReportSectionRendersAsTextJSONAndSVG() throws {
        for discipline in Disciplines.all {
            let records = Self.history(of: discipline)
            let profile = PerceptualProfile()
            profile.rebuild(from: records)
            let context = ReportContext(profile: profile, range: MIDINote(48)!...MIDINote(72)!)
            let keys = Set(records.map(\.discipline))
            #expect(!keys.isEmpty)
            for key in keys {
                let lines = discipline.report.lines(for: key, in: context)
                #expect(!lines.isEmpty && !lines[0].hasPrefix(" "), "\(key): a titled text section")
                let entries = discipline.report.json(for: key, in: context)
                #expect(!entries.isEmpty, "\(key) has a JSON entry")
                let panel = discipline.report.svgPanel(for: key, in: context)
                #expect(panel.height > 0 && !panel.elements.isEmpty, "\(key) has an SVG panel")
            }
            let document = ProfileDocument(context)
            let lines = document.lines
            for key in keys {
                let section = discipline.report.lines(for: key, in: context)
                #expect(lines.contains(section[0]), "\(key)'s section is in the report")
            }
            let json = try #require(try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
            let listed = try #require(json[discipline.report.jsonKey] as? [Any])
            #expect(!listed.isEmpty, "\(discipline.kind) is listed under \(discipline.report.jsonKey)")
            #expect(Self.isWellFormedXML(document.svg), "the SVG with \(discipline.kind) parses")
        }
    }

    /// Enough records of `discipline` for estimates: its samples, repeated over four days.
    static func history(of discipline: any Discipline) -> [TrainingRecord] {
        samples(discipline).map(\.record)
    }

    static func isWellFormedXML(_ text: String) -> Bool {
        XMLParser(data: Data(text.utf8)).parse()
    }
}
