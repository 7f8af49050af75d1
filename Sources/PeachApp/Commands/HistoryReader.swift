import PeachStore

/// The read-only commands' way into the history: no lock (a trainer may be running), warnings
/// about damaged lines printed, nil after printing why it could not be read.
enum HistoryReader {
    static func read(_ directory: DataDirectory, console: Console) -> LogContents? {
        do {
            let contents = try TrainingLog.read(directory)
            contents.warnings.forEach { console.err("peach: warning: \($0)\n") }
            return contents
        } catch {
            console.err("peach: cannot read the training history: \(error)\n")
            return nil
        }
    }
}
