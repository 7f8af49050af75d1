import Foundation
import PeachConfig
import PeachCore
import PeachDisciplines
import PeachPresentation
import PeachTerminal
import PeachText

/// The full-screen terminal UI: draws the current screen whole on every change; what keys do on each screen, the
/// menu cursor and Settings editing are the `ScreenNavigator`'s it shares with the page.
@MainActor
public final class FullScreenInterface: TrainerInterface {
    private let terminal: TerminalSession?
    private let draw: @MainActor (String) -> Void
    private let size: @MainActor () -> TerminalSize
    private let style: Styler
    private let configuration: LiveConfiguration
    private let navigator: ScreenNavigator
    private weak var controller: TrainerController?
    private var rungFor: Date?
    private let knobLight = KnobLight()

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
        navigator = ScreenNavigator(configuration: configuration, info: info, controllerStatus: controllerStatus)
    }

    // MARK: Drawing

    public func render(_ controller: TrainerController) {
        self.controller = controller
        ringBellOnWrongAnswer(controller)
        draw(screen(for: controller).frame(size: size(), style: style))
    }

    /// The model of what is on screen now.
    public func screen(for controller: TrainerController) -> Screen {
        navigator.screen(for: controller, size: size(), knobMoving: knobLight.isOn(controller) { [weak self] in
            guard let self, let controller = self.controller else { return }
            self.render(controller)
        })
    }

    private func ringBellOnWrongAnswer(_ controller: TrainerController) {
        guard let wrong = controller.activeModeSession?.wrongAnswerShowing, wrong != rungFor else { return }
        rungFor = wrong
        if configuration.configuration.bellEnabled { draw(ANSI.bell) }
    }

    // MARK: Keys

    public func commands(from input: UserInput, in controller: TrainerController) -> [AppCommand] {
        guard case .keys(let keys) = input else { return [] }
        return keys.flatMap { navigator.commands(for: $0, in: controller) }
    }

    // MARK: Terminal

    public func suspend() {
        try? terminal?.suspend()
    }

    public func resume() {
        terminal?.output.write(ANSI.clearScreen + ANSI.home)
    }

    public func close() {
        knobLight.cancel()
        terminal?.restore()
    }
}
