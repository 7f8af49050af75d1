import PeachCore
import PeachDisciplines
import PeachStore
import PeachText
import PeachTrainer

/// The read-only commands' way into the history: no lock (a trainer may be running), warnings
/// about damaged lines printed, nil after printing why it could not be read.
enum HistoryReader {
    static func read(_ directory: DataDirectory, console: Console) -> LogContents? {
        do {
            let contents = try TrainingLog.read(directory, codecs: Disciplines.codecs)
            contents.warnings.forEach { console.err("peach: " + tr(.commandWarning, ["warning": "\($0)"]) + "\n") }
            return contents
        } catch {
            console.err("peach: " + tr(.commandCannotReadHistory, ["error": "\(error)"]) + "\n")
            return nil
        }
    }

    /// Like `read(_:console:)`, but hands each record to `each` as it is read and keeps none.
    /// False after printing why the history could not be read.
    static func read(_ directory: DataDirectory, console: Console, each: (TrainingRecord) -> Void) -> Bool {
        do {
            let warnings = try TrainingLog.read(directory, codecs: Disciplines.codecs, each: each)
            warnings.forEach { console.err("peach: " + tr(.commandWarning, ["warning": "\($0)"]) + "\n") }
            return true
        } catch {
            console.err("peach: " + tr(.commandCannotReadHistory, ["error": "\(error)"]) + "\n")
            return false
        }
    }
}
