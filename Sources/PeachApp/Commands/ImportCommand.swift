import Foundation
import PeachCore
import PeachStore

/// `peach import FILE [--partial]`: merges an iOS Peach CSV into the history. Takes the writer's
/// lock (a running trainer makes it refuse clearly), checks the whole file before writing anything,
/// skips duplicates and rows of training types Peach for Linux does not train.
public enum ImportCommand {
    public static func run(directory: DataDirectory, path: String, partial: Bool, console: Console) -> Int32 {
        guard let data = FileManager.default.contents(atPath: path) else {
            console.err("peach: cannot read \(path): \(String(cString: strerror(errno))). Give the path of a CSV exported by Peach.\n")
            return 1
        }
        let log: TrainingLog
        let existing: LogContents
        do {
            (log, existing) = try TrainingLog.openForWriting(directory)
        } catch {
            console.err("peach: cannot open the training history for writing: \(error)\n")
            return 1
        }
        existing.warnings.forEach { console.err("peach: warning: \($0)\n") }
        var checking = -1, saving = -1
        do {
            let summary = try CSVImporter.importCSV([UInt8](data), into: log, existing: existing.records, partial: partial) { step in
                switch step.phase {
                case .checking: console.progress("checking", done: step.done, total: step.total, lastDecile: &checking)
                case .saving: console.progress("saving", done: step.done, total: step.total, lastDecile: &saving)
                }
            }
            console.out("\(summary)\n")
            return 0
        } catch {
            console.err("peach: \(path): \(error)\n")
            if case .invalidRows = error {
                console.err("peach: nothing was imported. Fix those rows, or import the valid ones with --partial.\n")
            }
            return 1
        }
    }
}
