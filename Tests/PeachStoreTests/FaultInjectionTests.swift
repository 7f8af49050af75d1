import Foundation
import Testing
import PeachCore
import PeachStore
import PeachDisciplines
import PeachTestSupport

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
            // Runs 0, 3, 6, … kill at a random moment from launch (opening, recovering, appending); the others
            // once the writer has saved something, so the kill lands amid appends however slow the machine.
            var early = ""
            if run % 3 == 0 {
                usleep(UInt32.random(in: 1_000...80_000))
            } else {
                early = writer.readThroughLine(startingWith: "saved ") ?? ""
                #expect(!early.isEmpty, "run \(run): the writer ended before saving anything")
                usleep(UInt32.random(in: 0...20_000))
            }
            kill(writer.pid, SIGKILL)
            let result = writer.finish()
            #expect(result.errors.isEmpty, "run \(run) failed on its own: \(result.errors)")
            for line in (early + result.output).split(separator: "\n") where line.hasPrefix("saved ") {
                if let id = Int(line.dropFirst(6)) { reportedSaved.insert(id) }
            }
            // On Linux a SIGKILL does not cut a small write() short, so also simulate what power loss
            // leaves: part of a line with no line end. The next writer must move it aside.
            if run % 5 == 4 && appendTornLine(to: temp.dataDirectory.logPath) {
                injectedTears += 1
            }
        }

        let contents = try TrainingLog.openForWriting(temp.dataDirectory, codecs: Disciplines.codecs).contents
        let present = Set(contents.records.compactMap { record -> Int? in
            guard let comparison = record.comparisonRecord, let name = comparison.outputName,
                  name.hasPrefix("writer ") else { return nil }
            return Int(name.dropFirst(7).prefix { $0 != " " })
        })
        let missing = reportedSaved.subtracting(present)
        #expect(missing.isEmpty, "reported saved but missing: \(missing.sorted().prefix(20))")
        #expect(present.count == contents.records.count, "every line is a whole writer record")
        #expect(!contents.warnings.contains { if case .corruptLine = $0 { true } else { false } },
                "\(contents.warnings)")
        #expect(reportedSaved.count >= runs * 2 / 3, "every run that waited for a save reported one")

        let reread = try TrainingLog.read(temp.dataDirectory, codecs: Disciplines.codecs)
        #expect(reread.warnings.isEmpty)
        #expect(reread.records == contents.records)
        let movedAside = readText(temp.dataDirectory.corruptPath).components(separatedBy: "# moved aside").count - 1
        #expect(injectedTears > 0, "no torn line was ever injected")
        #expect(movedAside >= injectedTears)
        print("PeachStore fault injection: \(runs) kills, \(reportedSaved.count) reported saved, "
              + "\(present.count) present, \(injectedTears) torn lines injected, \(movedAside) moved aside")
    }

    /// False when there is no log yet, or it is empty or still ends in an earlier torn line: on a loaded machine
    /// every writer since may have been killed before recovering, and two tears appended to each
    /// other are one torn line, moved aside once.
    private func appendTornLine(to path: String) -> Bool {
        let line = "comparison\t2026-01-01T00:00:00.000Z\t60\t60\t1.5\t1.25\thigher\tcorrect\tP1\tequalTemperament\t440.0\t90\twriter -1\n"
        let cut = line.utf8.prefix(Int.random(in: 1..<(line.utf8.count - 1)))
        guard let handle = FileHandle(forWritingAtPath: path) else {
            print("PeachStore fault injection: no log to tear at \(path)")
            return false
        }
        let end = handle.seekToEndOfFile()
        var last: Data?
        if end > 0, let reader = FileHandle(forReadingAtPath: path) {
            reader.seek(toFileOffset: end - 1)
            last = reader.readData(ofLength: 1)
            reader.closeFile()
        }
        guard last == Data([0x0A]) else { // also: an empty log (killed before its header)
            print("PeachStore fault injection: the log does not end with a whole line yet; no new tear")
            handle.closeFile()
            return false
        }
        handle.write(Data(cut))
        handle.closeFile()
        return true
    }
}
