import Foundation
import PeachCore
import PeachDisciplines
import PeachSystem
import PeachFormats
import PeachStore
import PeachText
import PeachTrainer

/// `peach import FILE [--partial]`: merges an iOS Peach CSV into the history. Takes the writer's
/// lock (a running trainer makes it refuse clearly), checks the whole file before writing anything,
/// skips duplicates and rows of training types Peach for Linux does not train.
public enum ImportCommand {
    /// About 700,000 rows: far beyond any real history, small enough to hold in memory. Also the
    /// most that is read from a FIFO or device before giving up (`/dev/zero` never ends).
    public static let sizeLimit = 100_000_000

    public static func run(directory: DataDirectory, path: String, partial: Bool, console: Console,
                           sizeLimit: Int = ImportCommand.sizeLimit) -> Int32 {
        let data: [UInt8]
        do {
            data = try UserFile.read(path, limit: sizeLimit)
        } catch {
            console.err("peach: " + tr(.importGivePath, ["error": "\(error)", "version": "\(PeachCSVFormat.version)"]) + "\n")
            return 1
        }
        let log: TrainingLog
        let existing: LogContents
        do {
            (log, existing) = try TrainingLog.openForWriting(directory, codecs: Disciplines.codecs)
        } catch {
            console.err("peach: " + tr(.importCannotOpenHistory, ["error": "\(error)"]) + "\n")
            return 1
        }
        existing.warnings.forEach { console.err("peach: " + tr(.commandWarning, ["warning": "\($0)"]) + "\n") }
        let progress = ProgressReporter(console: console)
        do {
            let summary = try CSVImporter(codecs: Disciplines.codecs).importCSV(data, into: log, existing: existing.records, partial: partial) { step in
                switch step.phase {
                case .checking: progress.update(tr(.importChecking), unit: tr(.importRows), done: step.done, total: step.total)
                case .saving: progress.update(tr(.importSaving), unit: tr(.exportRecords), done: step.done, total: step.total)
                }
            }
            progress.finishLine()
            console.out("\(summary)\n")
            return 0
        } catch {
            progress.finishLine()
            console.err("peach: \(path): \(error)\n")
            if case .invalidRows = error {
                console.err("peach: " + tr(.importNothingImported) + "\n")
            }
            return 1
        }
    }
}
