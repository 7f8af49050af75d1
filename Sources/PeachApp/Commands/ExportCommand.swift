import Foundation
import PeachCore
import PeachStore

/// `peach export [FILE]`: the whole history as iOS Peach CSV (format 3), to FILE or standard output.
/// Reads without the writer's lock, so it works while a trainer is running. A file is written under
/// a temporary name and renamed, so an interrupted export never leaves half a file behind.
public enum ExportCommand {
    public static func run(directory: DataDirectory, path: String?, console: Console) -> Int32 {
        guard let contents = HistoryReader.read(directory, console: console) else { return 1 }
        var decile = -1
        let progress = { (done: Int, total: Int) in console.progress("exporting", done: done, total: total, lastDecile: &decile) }
        guard let path else {
            CSVExporter.export(contents.records, progress: progress) { (chunk: String) in console.out(chunk) }
            console.err("peach: exported \(contents.records.count) records\n")
            return 0
        }
        let temporary = path + ".partial"
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporary) else {
            console.err("peach: cannot create \(temporary): \(String(cString: strerror(errno))). "
                        + "Choose a writable place, or leave FILE out to write to standard output.\n")
            return 1
        }
        do {
            try CSVExporter.export(contents.records, progress: progress) { (chunk: String) throws in
                try handle.write(contentsOf: Data(chunk.utf8))
            }
            try handle.synchronize()
            try handle.close()
            if rename(temporary, path) != 0 { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch {
            try? handle.close()
            unlink(temporary)
            console.err("peach: cannot write \(path): \(error.localizedDescription). Nothing was exported.\n")
            return 1
        }
        console.err("peach: exported \(contents.records.count) records to \(path)\n")
        return 0
    }
}
