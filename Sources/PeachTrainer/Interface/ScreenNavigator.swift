import Foundation
import PeachConfig
import PeachCore
import PeachDisciplines
import PeachPresentation
import PeachTerminal
import PeachText

/// What every interactive front end shares (the terminal's full screen, the page): the Start menu's cursor, the
/// Profile's page, the Settings row and its edit, and what keys do on each screen. It turns the controller's state
/// into the model on screen and keys into commands; the front end only draws.
@MainActor
public final class ScreenNavigator {
    private let configuration: LiveConfiguration
    private let info: @MainActor () -> InfoScreenModel
    private let controllerStatus: @MainActor () -> DeviceStatus
    private(set) var selectedEntry = 0
    /// The Profile screen's page: 0 the overview (unison chart and summary), then one per discipline section.
    private(set) var profilePage = 0
    private(set) var settingsIndex = 0
    private var editor: LineEditor?
    private(set) var settingsMessage: String?

    public init(configuration: LiveConfiguration, info: @escaping @MainActor () -> InfoScreenModel,
                controllerStatus: @escaping @MainActor () -> DeviceStatus) {
        self.configuration = configuration
        self.info = info
        self.controllerStatus = controllerStatus
    }

    var noteRange: ClosedRange<MIDINote> { configuration.configuration.coreTrainingSettings.noteRange }

    // MARK: What is on screen

    /// The model of what is on screen now; a profile section's chart is sized for `size`.
    public func screen(for controller: TrainerController, size: TerminalSize, knobMoving: Bool) -> Screen {
        if case .training = controller.screen, let session = controller.activeModeSession {
            return ScreenModels.training(session, controller: controller, knobMoving: knobMoving)
        }
        switch controller.screen {
        case .start, .training:
            return .start(StartScreenModel(
                menu: ScreenModels.startMenu(controller.modes, selectedIndex: selectedEntry),
                profile: ProfileOverview.chart(ReportContext(profile: controller.profile, range: noteRange)),
                synth: ScreenModels.synthStatus(controller.outputState), controller: controllerStatus(),
                warnings: ScreenModels.warnings(controller)))
        case .profile:
            let sections = ScreenModels.profileSections(controller, range: noteRange)
            profilePage = min(profilePage, sections.count)
            guard profilePage > 0 else { return .profile(ScreenModels.profile(controller, range: noteRange)) }
            return .training(ScreenModels.profileSection(sections, page: profilePage, size: size,
                                                         warning: ScreenModels.warnings(controller).first))
        case .settings:
            return .settings(SettingsScreenModel(configuration: configuration.configuration, keys: Disciplines.schema.settingsScreenKeys,
                                                 selectedIndex: settingsIndex, editingText: editor?.text, message: settingsMessage))
        case .info:
            return .info(info())
        case .quietBreak:
            return .quietBreak(ScreenModels.quietBreak(controller))
        }
    }

    // MARK: Keys

    public func commands(for key: Key, in controller: TrainerController) -> [AppCommand] {
        if let global = KeyBindings.global(key), editor == nil {
            return [global == .quit ? .quit : .suspend]
        }
        switch controller.screen {
        case .start: return startCommand(key, modes: controller.modes)
        case .training(let mode):
            return controller.modeSession(mode)?.commands(for: key) ?? []
        case .profile:
            if case .arrow(let direction, _) = key, direction == .left || direction == .right {
                let count = ScreenModels.profileSections(controller, range: noteRange).count
                profilePage = (profilePage + (direction == .right ? 1 : count)) % (count + 1)
                return [.redraw]
            }
            if KeyBindings.viewer(key) == .back { profilePage = 0; return [.back] }
            return []
        case .info:
            return KeyBindings.viewer(key) == .back ? [.back] : []
        case .settings: return settingsCommand(key)
        case .quietBreak:
            switch KeyBindings.quietBreak(key) {
            case .snooze: return [.snooze]
            case .backToStart: return [.back]
            case nil: return []
            }
        }
    }

    private func startCommand(_ key: Key, modes: [any TrainingMode]) -> [AppCommand] {
        if key == .character("c") { return [.connectOfferedSynth] }
        let menu = ScreenModels.startMenu(modes, selectedIndex: selectedEntry)
        if case .character(let character) = key, let index = menu.entry(for: character) {
            return choose(index, modes: modes)
        }
        switch KeyBindings.menu(key) {
        case .previous: selectedEntry = menu.moved(by: -1).selectedIndex; return [.redraw]
        case .next: selectedEntry = menu.moved(by: 1).selectedIndex; return [.redraw]
        case .choose: return choose(menu.selectedIndex, modes: modes)
        case .chooseNumber: return []  // a digit no entry has (the entries' digits are taken above)
        case .back: return key == .character("q") ? [.quit] : []
        case nil: return []
        }
    }

    /// Opens the Start menu's entry at `index` (a key, Enter on it, or a click).
    func choose(_ index: Int, modes: [any TrainingMode]) -> [AppCommand] {
        let entries = StartMenuEntry.entries(for: modes)
        guard entries.indices.contains(index) else { return [] }
        selectedEntry = index
        return [entries[index].command]
    }

    private func settingsCommand(_ key: Key) -> [AppCommand] {
        let keys = Disciplines.schema.settingsScreenKeys
        let selectedKey = keys[min(settingsIndex, keys.count - 1)]
        if var editing = editor {
            switch editing.handle(key) {
            case .editing: editor = editing
            case .cancel: editor = nil; settingsMessage = nil
            case .commit(let text):
                editor = nil
                settingsMessage = setText(text, of: selectedKey)
            }
            return [.redraw]
        }
        switch KeyBindings.settings(key) {
        case .previous: settingsIndex = (settingsIndex - 1 + keys.count) % keys.count
        case .next: settingsIndex = (settingsIndex + 1) % keys.count
        case .change(let direction, let step):
            let value = ConfigValueStepper.stepped(configuration.configuration[selectedKey], of: selectedKey,
                                                   direction: direction, coarse: step == .coarse)
            settingsMessage = save(selectedKey, value)
        case .edit:
            if selectedKey == ConfigSchema.controllerMode { return [.learnController] }
            editor = LineEditor(text: configuration.configuration[selectedKey].description)
        case .resetToDefault:
            settingsMessage = save(selectedKey, selectedKey.defaultValue)
        case .back:
            settingsMessage = nil
            return [.back]
        case nil:
            return []
        }
        return [.redraw]
    }

    /// A typed value for `key`: saved, or the message saying what it allows.
    private func setText(_ text: String, of key: ConfigKey) -> String {
        guard let value = key.kind.parse(text) else {
            return tr(.settingsNotAllowed, ["key": key.label, "value": text, "allowed": key.kind.allowedDescription])
        }
        return save(key, value) ?? tr(.settingsSaved, ["key": key.label])
    }

    /// The Settings row at `row` set to `text` (nil: its default), as the page edits it; the row becomes the selected one.
    func setSetting(row: Int, to text: String?) -> [AppCommand] {
        let keys = Disciplines.schema.settingsScreenKeys
        guard keys.indices.contains(row) else { return [] }
        settingsIndex = row
        editor = nil
        let key = keys[row]
        settingsMessage = text.map { setText($0, of: key) } ?? save(key, key.defaultValue) ?? tr(.settingsSaved, ["key": key.label])
        return [.redraw]
    }

    /// Values the synth is set up with once, at connect: saved now, used from the next start.
    static let appliedAtNextStart: Set<ConfigKey> = [ConfigSchema.program, ConfigSchema.velocityCeiling,
                                                      ConfigSchema.volumeCeiling]

    /// Saves one value; returns the message for the Settings screen (a problem, or a note), or nil.
    private func save(_ key: ConfigKey, _ value: ConfigValue) -> String? {
        if let problem = configuration.set(key, to: value) { return problem }
        return Self.appliedAtNextStart.contains(key)
            ? tr(.settingsSavedAtNextStart, ["key": key.label]) : nil
    }
}
