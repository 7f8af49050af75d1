import PeachCore
import PeachDisciplines
import PeachStore
import PeachText
import PeachTrainer
import PeachWeb
import PeachWebPage

/// A CSV file chosen on the Profile page, imported into the running trainer's history. `peach import` is refused
/// while Peach trains (the trainer holds the log's lock), so the page imports through the trainer's own store: on the
/// main actor, between answers, never while a training mode runs. The whole file is checked before anything is
/// written, duplicates are skipped, and the profile is rebuilt from the log so every chart shows what was imported.
/// What it says (the summary, or why nothing was imported) is the HTTP answer and appears on the Profile page.
@MainActor
final class PageImporter {
    private let store: TrainingStore
    private let directory: DataDirectory
    private let controller: TrainerController
    /// The page, once it exists, to show what the import said.
    var web: WebInterface?

    init(store: TrainingStore, directory: DataDirectory, controller: TrainerController) {
        self.store = store
        self.directory = directory
        self.controller = controller
    }

    /// From the server's thread: waits for the main actor (an import of a long history takes a while).
    nonisolated static func importing(_ importer: PageImporter) -> PageRoutes.Import {
        { csv, partial in
            PageDownloads.onMainActor(seconds: 120) { importer.run(csv, partial: partial) }
                ?? (.serviceUnavailable, tr(.pageImportBusy))
        }
    }

    func run(_ csv: [UInt8], partial: Bool) -> (HTTPStatus, String) {
        let (status, note) = outcome(csv, partial: partial)
        web?.imported(note, in: controller)
        return (status, note)
    }

    private func outcome(_ csv: [UInt8], partial: Bool) -> (HTTPStatus, String) {
        guard !controller.screen.isTraining else { return (.conflict, tr(.pageImportWhileTraining)) }
        let existing: LogContents
        do {
            existing = try TrainingLog.read(directory, codecs: Disciplines.codecs)
        } catch {
            return (.internalServerError, tr(.importCannotOpenHistory, ["error": "\(error)"]))
        }
        do {
            let summary = try store.importCSV(csv, existing: existing.records, partial: partial)
            if summary.imported > 0 { rebuildProfile() }
            return (.ok, summary.description)
        } catch {
            switch error {
            case .saveFailed:
                // Some records may have been written before the failure: the profile shows what the log holds.
                rebuildProfile()
                return (.internalServerError, error.description)
            case .emptyFile, .missingFormatLine, .unsupportedVersion, .wrongHeader, .syntax, .invalidRows:
                return (.badRequest, error.description)
            }
        }
    }

    /// The profile from the whole log as it is now, and the records only memory holds (a failed save) after it.
    private func rebuildProfile() {
        guard let contents = try? TrainingLog.read(directory, codecs: Disciplines.codecs) else { return }
        controller.profile.rebuild(from: contents.records + store.unsavedRecords)
    }
}
