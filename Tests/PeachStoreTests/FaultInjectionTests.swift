import Foundation
import Testing
import PeachCore
import PeachStore

/// Kills a writer process with SIGKILL at random moments (while opening, recovering or appending),
/// many times over, then checks that every record it reported as saved is on disk and the log parses.
@Suite struct FaultInjectionTests {
    @Test func everyReportedSaveSurvivesKillNine() throws {
        let temp = TemporaryDirectory()
        var reportedSaved = Set<Int>()
        let runs = 30
        for run in 0..<runs {
            let writer = try WriterProcess(["append", temp.dataDirectory.path, String(run * 1_000_000), "1000000"])
            usleep(UInt32.random(in: 1_000...80_000))
            kill(writer.pid, SIGKILL)
            let result = writer.finish()
            #expect(result.errors.isEmpty, "run \(run) failed on its own: \(result.errors)")
            for line in result.output.split(separator: "\n") where line.hasPrefix("saved ") {
                if let id = Int(line.dropFirst(6)) { reportedSaved.insert(id) }
            }
        }

        let contents = try TrainingLog.openForWriting(temp.dataDirectory).contents
        let present = Set(contents.records.compactMap { record -> Int? in
            guard case .comparison(let comparison) = record, let name = comparison.outputName,
                  name.hasPrefix("writer ") else { return nil }
            return Int(name.dropFirst(7))
        })
        let missing = reportedSaved.subtracting(present)
        #expect(missing.isEmpty, "reported saved but missing: \(missing.sorted().prefix(20))")
        #expect(present.count == contents.records.count, "every line is a whole writer record")
        #expect(!contents.warnings.contains { if case .corruptLine = $0 { true } else { false } },
                "\(contents.warnings)")
        #expect(reportedSaved.count > runs, "the writer should have saved records in most runs")

        let reread = try TrainingLog.read(temp.dataDirectory)
        #expect(reread.warnings.isEmpty)
        #expect(reread.records == contents.records)
        print("PeachStore fault injection: \(runs) kills, \(reportedSaved.count) reported saved, "
              + "\(present.count) present, \(FileManager.default.fileExists(atPath: temp.dataDirectory.corruptPath) ? "some" : "no") torn lines moved aside")
    }
}
