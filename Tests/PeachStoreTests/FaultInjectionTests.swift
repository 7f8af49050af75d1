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
        var injectedTears = 0
        let runs = 30
        for run in 0..<runs {
            // Odd runs write multi-page (20 kB) records, in case a kill can land inside one write().
            let padding = run % 2 == 1 ? "20000" : "0"
            let writer = try WriterProcess(["append", temp.dataDirectory.path, String(run * 1_000_000), "1000000", padding])
            usleep(UInt32.random(in: 1_000...80_000))
            kill(writer.pid, SIGKILL)
            let result = writer.finish()
            #expect(result.errors.isEmpty, "run \(run) failed on its own: \(result.errors)")
            for line in result.output.split(separator: "\n") where line.hasPrefix("saved ") {
                if let id = Int(line.dropFirst(6)) { reportedSaved.insert(id) }
            }
            // On Linux a SIGKILL does not cut a small write() short, so also simulate what power loss
            // leaves: part of a line with no line end. The next writer must move it aside.
            if run % 5 == 4 {
                appendTornLine(to: temp.dataDirectory.logPath)
                injectedTears += 1
            }
        }

        let contents = try TrainingLog.openForWriting(temp.dataDirectory).contents
        let present = Set(contents.records.compactMap { record -> Int? in
            guard case .comparison(let comparison) = record, let name = comparison.outputName,
                  name.hasPrefix("writer ") else { return nil }
            return Int(name.dropFirst(7).prefix { $0 != " " })
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
        let movedAside = readText(temp.dataDirectory.corruptPath).components(separatedBy: "# moved aside").count - 1
        #expect(movedAside >= injectedTears)
        print("PeachStore fault injection: \(runs) kills, \(reportedSaved.count) reported saved, "
              + "\(present.count) present, \(movedAside) torn lines moved aside")
    }

    private func appendTornLine(to path: String) {
        let line = "comparison\t2026-01-01T00:00:00.000Z\t60\t60\t1.5\t1.25\thigher\tcorrect\tP1\tequalTemperament\t440.0\t90\twriter -1\n"
        let cut = line.utf8.prefix(Int.random(in: 1..<(line.utf8.count - 1)))
        guard let handle = FileHandle(forWritingAtPath: path) else { return }
        handle.seekToEndOfFile()
        handle.write(Data(cut))
        handle.closeFile()
    }
}
