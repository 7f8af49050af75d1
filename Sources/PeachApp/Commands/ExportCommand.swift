import Foundation
import PeachCore
import PeachDisciplines
import PeachSystem
import PeachStore
import PeachText
import PeachTrainer

/// `peach export [FILE]`: the whole history as iOS Peach CSV (format 3), to FILE or standard output.
/// Reads without the writer's lock, so it works while a trainer is running. A file is written under
/// a temporary name and renamed, so an interrupted export never leaves half a file behind; a FIFO
/// or device (`/dev/stdout`) is written in place, never replaced.
public enum ExportCommand {
    /// "2 threshold-test results", in the user's language: each discipline whose records the CSV cannot hold names
    /// them by a counted text.
    static func leftOutRecords(_ entry: (records: PluralMessageID, count: Int)) -> String {
        tr(entry.records, count: entry.count)
    }

    public static func run(directory: DataDirectory, path: String?, console: Console) -> Int32 {
        let special: FileKind?
        do {
            special = try path.map(UserFile.outputTarget) ?? nil
        } catch {
            console.err("peach: " + tr(.exportGiveFileName, ["error": "\(error)", "directory": error.path]) + "\n")
            return 1
        }
        guard let contents = HistoryReader.read(directory, console: console) else { return 1 }
        let reporter = ProgressReporter(console: console)
        let exporter = CSVExporter(codecs: Disciplines.codecs)
        let leftOut = exporter.leftOut(contents.records)
        let exported = contents.records.count - leftOut.reduce(0) { $0 + $1.count }
        // iOS format 3 has no row for some records (threshold-test results): say so rather than drop them silently.
        let foreign = exporter.unknownToIOS(contents.records)
        let note = (leftOut.isEmpty ? "" : tr(.exportLeftOut, ["records": leftOut.map(Self.leftOutRecords).joined(separator: ", ")]))
            + (foreign.count == 0 ? "" : tr(.exportUnknownToIOS, count: foreign.count,
                                            ["tunings": foreign.tunings.joined(separator: ", ")]))
        let progress = { (done: Int, total: Int) in
            reporter.update(tr(.exportExporting), unit: tr(.exportRecords), done: done, total: total)
        }
        guard let path else {
            exporter.export(contents.records, progress: progress) { (chunk: String) in console.out(chunk) }
            reporter.finishLine()
            console.err("peach: " + tr(.exportExported, count: exported, ["note": note]) + "\n")
            return 0
        }
        let target = special == nil ? path + ".partial" : path
        guard special != nil || (try? FileSystem.createEmptyFile(target)) != nil,
              let handle = FileHandle(forWritingAtPath: target) else {
            console.err("peach: " + tr(.exportCannotCreate, ["path": target, "reason": String(cString: strerror(errno))]) + "\n")
            return 1
        }
        do {
            try exporter.export(contents.records, progress: progress) { (chunk: String) throws in
                try handle.write(contentsOf: Data(chunk.utf8))
            }
            if special == nil {
                try handle.synchronize()
                try handle.close()
                if rename(target, path) != 0 { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            } else {
                try handle.close()
            }
        } catch {
            reporter.finishLine()
            try? handle.close()
            if special == nil { unlink(target) }
            console.err("peach: " + tr(.exportCannotWrite, ["path": path, "reason": error.localizedDescription]) + "\n")
            return 1
        }
        reporter.finishLine()
        console.err("peach: " + tr(.exportExportedTo, count: exported, ["path": path, "note": note]) + "\n")
        return 0
    }
}
