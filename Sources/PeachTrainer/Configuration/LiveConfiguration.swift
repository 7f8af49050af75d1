import Foundation
import PeachConfig
import PeachConfigFiles
import PeachCore
import PeachDisciplines
import PeachSystem
import PeachText

/// The configuration file, read live: every trial asks for the settings, and a file changed on
/// disk since the last read is parsed again (a `stat`, no watcher thread), so edits apply from the
/// next trial without a restart. Edits from the Settings screen are written back at once.
@MainActor
public final class LiveConfiguration: TrainingSettingsSource {
    /// nil when there is no place for a config file (no HOME): defaults only, nothing saved.
    public let path: String?
    public private(set) var configuration: PeachConfiguration
    private var stamp: ConfigFileStamp
    private let report: @MainActor ([ConfigDiagnostic]) -> Void
    /// Told after every change (reload from disk or an edit), for what is applied outside the
    /// sessions' per-trial settings: controller mapping, quiet breaks, volume.
    public var changed: @MainActor (PeachConfiguration) -> Void = { _ in }

    /// `report` receives the diagnostics of each (re)load: errors name file, line, key, value and range.
    public init(path: String?, report: @escaping @MainActor ([ConfigDiagnostic]) -> Void = { _ in }) {
        self.path = path
        self.report = report
        stamp = path.map(ConfigFileStamp.read(path:)) ?? .missing
        configuration = path.map { ConfigLoader.load(path: $0, schema: Disciplines.schema) } ?? .defaults
        report(configuration.diagnostics)
    }

    public var currentSettings: TrainingSettings {
        reloadIfChanged()
        return Disciplines.trainingSettings(from: configuration)
    }

    /// Reads the file again if it changed on disk; returns whether it did.
    @discardableResult
    public func reloadIfChanged() -> Bool {
        guard let path else { return false }
        let now = ConfigFileStamp.read(path: path)
        guard ConfigFileStamp.hasChanged(from: stamp, to: now) else { return false }
        stamp = now
        configuration = ConfigLoader.load(path: path, schema: Disciplines.schema)
        report(configuration.diagnostics)
        changed(configuration)
        return true
    }

    /// Sets one value and saves the file (comments and unknown lines kept). Returns why it was
    /// refused or could not be saved, or nil.
    public func set(_ key: ConfigKey, to value: ConfigValue) -> String? {
        if let problem = configuration.problem(setting: key, to: value, in: Disciplines.schema) { return problem }
        configuration.set(key, to: value, in: Disciplines.schema)
        var fileProblem: String?
        if key == ConfigSchema.tuningSystem || key == ConfigSchema.keyboardMapping {
            (configuration, fileProblem) = configuration.reloadingTuningFiles(configFile: path ?? "")
        }
        changed(configuration)
        guard let path else { return fileProblem ?? tr(.settingsNotSavedNoLocation) }
        do {
            try ConfigWriter.save([ConfigWriter.Change(key, value)], to: path)
            stamp = ConfigFileStamp.read(path: path)
            return fileProblem
        } catch {
            if let error = error as? UserFileError { return tr(.settingsAppliedNotSaved, ["error": "\(error)"]) }
            return tr(.settingsAppliedNotSavedTo, ["path": path, "error": error.localizedDescription])
        }
    }
}
