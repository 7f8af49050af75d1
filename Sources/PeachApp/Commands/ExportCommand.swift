import Foundation
import PeachCore
import PeachDisciplines
import PeachFiles
import PeachStore

/// `peach export [FILE]`: the whole history as iOS Peach CSV (format 3), to FILE or standard output.
/// Reads without the writer's lock, so it works while a trainer is running. A file is written under
/// a temporary name and renamed, so an interrupted export never leaves half a file behind; a FIFO
/// or device (`/dev/stdout`) is written in place, never replaced.
public enum ExportCommand {
    public static func run(directory: DataDirectory, path: String?, console: Console) -> Int32 {
        let special: FileKind?
        do {
            special = try path.map(UserFile.outputTarget) ?? nil
        } catch {
            console.err("peach: \(error). Give a file name, e.g. \(error.path)/peach.csv, or leave FILE out "
                        + "to write to standard output.\n")
            return 1
        }
        guard let contents = HistoryReader.read(directory, console: console) else { return 1 }
        let reporter = ProgressReporter(console: console)
        let exporter = CSVExporter(codecs: Disciplines.codecs)
        let leftOut = exporter.leftOut(contents.records)
        let exported = contents.records.count - leftOut.reduce(0) { $0 + $1.count }
        // iOS format 3 has no row for some records (threshold-test results): say so rather than drop them silently.
        let note = leftOut.isEmpty ? "" : " (left out "
            + leftOut.map { "\($0.count) \($0.recordName)\($0.count == 1 ? "" : "s")" }.joined(separator: ", ")
            + ": the CSV format has no row for them; their trials are exported)"
        let progress = { (done: Int, total: Int) in reporter.update("exporting", unit: "records", done: done, total: total) }
        guard let path else {
            exporter.export(contents.records, progress: progress) { (chunk: String) in console.out(chunk) }
            reporter.finishLine()
            console.err("peach: exported \(exported) records\(note)\n")
            return 0
        }
        let target = special == nil ? path + ".partial" : path
        guard special != nil || FileManager.default.createFile(atPath: target, contents: nil),
              let handle = FileHandle(forWritingAtPath: target) else {
            console.err("peach: cannot create \(target): \(String(cString: strerror(errno))). "
                        + "Choose a writable place, or leave FILE out to write to standard output.\n")
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
            console.err("peach: cannot write \(path): \(error.localizedDescription). Nothing was exported.\n")
            return 1
        }
        reporter.finishLine()
        console.err("peach: exported \(exported) records to \(path)\(note)\n")
        return 0
    }
}
