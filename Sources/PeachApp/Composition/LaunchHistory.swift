import PeachConfig
import PeachCore
import PeachFormats
import PeachStore
import PeachTrainer

/// Step 2 of the composition root: the training history, read once at launch. The store is opened for
/// writing first, so a second Peach on the same data is refused before anything sounds. The records are
/// streamed into the profile, folded on a second thread while the log is read (`ProfileFold`): the whole
/// history is never held.
@MainActor
struct LaunchHistory {
    let store: TrainingStore
    let profile: PerceptualProfile

    /// A locked log ends the run (another Peach trains on it). A log that cannot be opened for writing
    /// (read-only, full disk) is read as far as it can be; training goes on with nothing saved, and every
    /// screen says so.
    /// `alreadyRunning`: told the PID of the Peach that holds the lock; true when it did what the user came for (it
    /// opened that Peach's page), and the run ends with success instead of the lock's message.
    static func load(_ directory: DataDirectory, codecs: RecordCodecs, logger: some PeachLogger,
                     console: Console, alreadyRunning: (Int32?) -> Bool = { _ in false }) throws(StartupExit) -> LaunchHistory {
        var fold = ProfileFold()
        func take(_ record: TrainingRecord) {
            fold.add(record)
        }
        let store: TrainingStore
        do {
            let opened = try TrainingStore.open(directory, codecs: codecs, each: take)
            store = opened.store
            opened.warnings.forEach { logger.log(.warning, $0.description) }
        } catch {
            if case .lockedByAnotherProcess(_, _, let pid) = error {
                if alreadyRunning(pid) { throw StartupExit(status: 0) }
                console.err("peach: \(error)\n")
                throw StartupExit()
            }
            logger.log(.error, "\(error)")
            store = TrainingStore(unavailable: error)
            fold = ProfileFold()
            do {
                let warnings = try TrainingLog.read(directory, codecs: codecs, each: take)
                warnings.forEach { logger.log(.warning, $0.description) }
            } catch {
                fold = ProfileFold()
            }
        }
        let profile = PerceptualProfile()
        profile.replace(with: fold.finish())
        return LaunchHistory(store: store, profile: profile)
    }
}
