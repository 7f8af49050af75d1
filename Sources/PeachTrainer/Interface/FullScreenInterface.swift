import Foundation
import PeachConfig
import PeachCore
import PeachDisciplines
import PeachPresentation
import PeachTerminal
import PeachText

/// The full-screen terminal UI: draws the current screen whole on every change and maps keys to
/// commands per screen. Menu cursor and Settings editing are its own state; everything else is
/// read from the controller.
@MainActor
public final class FullScreenInterface: TrainerInterface {
    /// How long the "knob moved" light stays on after the last tuning move.
    static let knobLightDuration: TimeInterval = 0.3

    private let terminal: TerminalSession?
    private let draw: @MainActor (String) -> Void
    private let size: @MainActor () -> TerminalSize
    private let style: Styler
    private let configuration: LiveConfiguration
    private let info: @MainActor () -> InfoScreenModel
    private let controllerStatus: @MainActor () -> DeviceStatus
    private weak var controller: TrainerController?
    private var selectedEntry = 0
    /// The Profile screen's page: 0 the overview (unison chart and summary), then one per discipline section.
    private var profilePage = 0
    private var settingsIndex = 0
    private var editor: LineEditor?
    private var settingsMessage: String?
    private var rungFor: Date?
    private var knobLightTask: Task<Void, Never>?

    /// `terminal` nil renders through `draw` only (tests).
    public init(terminal: TerminalSession?, draw: @escaping @MainActor (String) -> Void,
                size: @escaping @MainActor () -> TerminalSize, style: Styler, configuration: LiveConfiguration,
                info: @escaping @MainActor () -> InfoScreenModel,
                controllerStatus: @escaping @MainActor () -> DeviceStatus) {
        self.terminal = terminal
        self.draw = draw
        self.size = size
        self.style = style
        self.configuration = configuration
        self.info = info
        self.controllerStatus = controllerStatus
    }

    // MARK: Drawing

    public func render(_ controller: TrainerController) {
        self.controller = controller
        ringBellOnWrongAnswer(controller)
        draw(screen(for: controller).frame(size: size(), style: style))
    }

    /// The model of what is on screen now.
    public func screen(for controller: TrainerController) -> Screen {
        let range = configuration.configuration.coreTrainingSettings.noteRange
        if case .training = controller.screen, let session = controller.activeModeSession {
            return ScreenModels.training(session, controller: controller, knobMoving: knobLightOn(controller))
        }
        switch controller.screen {
        case .start, .training:
            return .start(StartScreenModel(
                menu: ScreenModels.startMenu(controller.modes, selectedIndex: selectedEntry),
                profile: ProfileOverview.chart(ReportContext(profile: controller.profile, range: range)),
                synth: ScreenModels.synthStatus(controller.outputState), controller: controllerStatus(),
                warnings: ScreenModels.warnings(controller)))
        case .profile:
            let sections = ScreenModels.profileSections(controller, range: range)
            profilePage = min(profilePage, sections.count)
            guard profilePage > 0 else { return .profile(ScreenModels.profile(controller, range: range)) }
            return .training(ScreenModels.profileSection(sections, page: profilePage, size: size(),
                                                         warning: ScreenModels.warnings(controller).first))
        case .settings:
            return .settings(SettingsScreenModel(configuration: configuration.configuration, keys: Disciplines.schema.settingsScreenKeys, selectedIndex: settingsIndex,
                                                 editingText: editor?.text, message: settingsMessage))
        case .info:
            return .info(info())
        case .quietBreak:
            return .quietBreak(ScreenModels.quietBreak(controller))
        }
    }

    private func ringBellOnWrongAnswer(_ controller: TrainerController) {
        guard let wrong = controller.activeModeSession?.wrongAnswerShowing, wrong != rungFor else { return }
        rungFor = wrong
        if configuration.configuration.bellEnabled { draw(ANSI.bell) }
    }

    /// On while the last tuning move is recent; schedules one redraw to turn it off.
    private func knobLightOn(_ controller: TrainerController) -> Bool {
        guard let moved = controller.lastTuningMove,
              Date().timeIntervalSince(moved) < Self.knobLightDuration else { return false }
        knobLightTask?.cancel()
        knobLightTask = Task { [weak self] in
            try? await Task.sleep(for: .milliseconds(Int(Self.knobLightDuration * 1000) + 20))
            guard !Task.isCancelled, let self, let controller = self.controller else { return }
            self.render(controller)
        }
        return true
    }

    // MARK: Keys

    public func commands(from input: UserInput, in controller: TrainerController) -> [AppCommand] {
        guard case .keys(let keys) = input else { return [] }
        return keys.flatMap { command(for: $0, in: controller) }
    }

    private func command(for key: Key, in controller: TrainerController) -> [AppCommand] {
        if let global = KeyBindings.global(key), editor == nil {
            return [global == .quit ? .quit : .suspend]
        }
        switch controller.screen {
        case .start: return startCommand(key, modes: controller.modes)
        case .training(let mode):
            return controller.modeSession(mode)?.commands(for: key) ?? []
        case .profile:
            if case .arrow(let direction, _) = key, direction == .left || direction == .right {
                let count = ScreenModels.profileSections(controller, range: configuration.configuration.coreTrainingSettings.noteRange).count
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
        let entries = StartMenuEntry.entries(for: modes)
        let menu = ScreenModels.startMenu(modes, selectedIndex: selectedEntry)
        if case .character(let character) = key, let index = menu.entry(for: character) {
            selectedEntry = index
            return [entries[index].command]
        }
        switch KeyBindings.menu(key) {
        case .previous: selectedEntry = menu.moved(by: -1).selectedIndex; return [.redraw]
        case .next: selectedEntry = menu.moved(by: 1).selectedIndex; return [.redraw]
        case .choose: return [entries[menu.selectedIndex].command]
        case .chooseNumber: return []  // a digit no entry has (the entries' digits are taken above)
        case .back: return key == .character("q") ? [.quit] : []
        case nil: return []
        }
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
                if let value = selectedKey.kind.parse(text) {
                    settingsMessage = save(selectedKey, value) ?? tr(.settingsSaved, ["key": selectedKey.label])
                } else {
                    settingsMessage = tr(.settingsNotAllowed, ["key": selectedKey.label, "value": text,
                                                                "allowed": selectedKey.kind.allowedDescription])
                }
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

    /// Values the synth is set up with once, at connect: saved now, used from the next start.
    static let appliedAtNextStart: Set<ConfigKey> = [ConfigSchema.program, ConfigSchema.velocityCeiling,
                                                      ConfigSchema.volumeCeiling]

    /// Saves one value; returns the message for the Settings screen (a problem, or a note), or nil.
    private func save(_ key: ConfigKey, _ value: ConfigValue) -> String? {
        if let problem = configuration.set(key, to: value) { return problem }
        return Self.appliedAtNextStart.contains(key)
            ? tr(.settingsSavedAtNextStart, ["key": key.label]) : nil
    }

    // MARK: Terminal

    public func suspend() {
        try? terminal?.suspend()
    }

    public func resume() {
        terminal?.output.write(ANSI.clearScreen + ANSI.home)
    }

    public func close() {
        knobLightTask?.cancel()
        terminal?.restore()
    }
}
