import Dispatch
import PeachCore
import PeachDisciplines
import PeachStore
import PeachText
import PeachTrainer
import PeachWebPage
import Synchronization

/// What the page offers to download, asked for on the server's thread: the profile's JSON as `peach profile --json`
/// writes it (from the trainer's live profile, on the main actor, whose it is), and the training as CSV as
/// `peach export` writes it (read from the data directory without the trainer's lock, as the command reads it).
enum PageDownloads {
    static func profileJSON(_ controller: TrainerController, range: ClosedRange<MIDINote>) -> String {
        onMainActor { ProfileDocument(ReportContext(profile: controller.profile, range: range)).json + "\n" }
            ?? "{\"error\": \"Peach was too busy to answer; reload the page\"}\n"
    }

    /// As `peach export` reads and writes it; when the history cannot be read, what the command says.
    static func csv(_ directory: DataDirectory) -> Result<String, PageFailure> {
        do {
            let contents = try TrainingLog.read(directory, codecs: Disciplines.codecs)
            return .success(CSVExporter(codecs: Disciplines.codecs).csv(contents.records))
        } catch {
            return .failure(PageFailure(tr(.commandCannotReadHistory, ["error": "\(error)"])))
        }
    }

    /// Runs `body` on the main actor and waits for it (at most `seconds`): the server's thread asks, the main actor
    /// answers between its other work.
    static func onMainActor<T: Sendable>(seconds: Double = 10, _ body: @escaping @MainActor @Sendable () -> T) -> T? {
        let result = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task { @MainActor in
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return result.withLock { $0 }
    }
}
