import PeachCore
import PeachDisciplines
import PeachPresentation
import PeachTerminal
import PeachText
import PeachWebPage

/// The trainer on the local page: every render becomes the screen's HTML, sent to every open tab (the server keeps
/// the latest for a reload); what the page sends arrives as `UserInput.page` and does what the same key does in the
/// terminal (`ScreenNavigator`). The page scrolls the whole profile instead of paging it. When no tab is left
/// (`PageInput.closed`), training stops as Escape stops it: the notes fade out and nothing is left sounding.
@MainActor
public final class WebInterface: TrainerInterface {
    private let navigator: ScreenNavigator
    private let publish: @MainActor (String) -> Void
    private let noteRange: @MainActor () -> ClosedRange<MIDINote>
    private let knobLight = KnobLight()
    private weak var controller: TrainerController?
    private var published: String?
    /// What the last import from the Profile page said, shown there until the page leaves the profile.
    private var importNote: String?

    /// `publish` sends a screen's HTML to the page (`LocalPageServer.publish`).
    public init(navigator: ScreenNavigator, noteRange: @escaping @MainActor () -> ClosedRange<MIDINote>,
                publish: @escaping @MainActor (String) -> Void) {
        self.navigator = navigator
        self.noteRange = noteRange
        self.publish = publish
    }

    public func render(_ controller: TrainerController) {
        self.controller = controller
        let html = html(for: controller)
        guard html != published else { return }
        published = html
        publish(html)
    }

    /// The screen's HTML as the page shows it now.
    public func html(for controller: TrainerController) -> String {
        if controller.screen == .profile {
            var model = ScreenModels.profilePage(controller, range: noteRange())
            model.importNote = importNote
            return ScreenHTML.render(model)
        }
        importNote = nil
        let knobMoving = knobLight.isOn(controller) { [weak self] in
            guard let self, let controller = self.controller else { return }
            self.render(controller)
        }
        return ScreenHTML.render(navigator.screen(for: controller, size: .standard, knobMoving: knobMoving))
    }

    public func commands(from input: UserInput, in controller: TrainerController) -> [AppCommand] {
        guard case .page(let page) = input else { return [] }
        switch page {
        case .key(let key):
            // The page edits settings in its forms: a stray arrow or Enter must not step or open the terminal's
            // selected row, which the page does not show. Escape goes back.
            if controller.screen == .settings { return key == .escape ? [.back] : [] }
            // Ctrl-Z has no meaning for a page (the browser never sends it): nothing to suspend.
            return navigator.commands(for: key, in: controller).filter { $0 != .suspend }.map(Self.tappedOnThePage)
        case .choose(let index):
            return controller.screen == .start ? navigator.choose(index, modes: controller.modes) : []
        case .adjust(let cents):
            return controller.screen.isTraining ? [.input(.adjust(Cents(cents), via: .relative))] : []
        case .setting(let row, let text):
            return controller.screen == .settings ? navigator.setSetting(row: row, to: text) : []
        case .resetSetting(let row):
            return controller.screen == .settings ? navigator.setSetting(row: row, to: nil) : []
        case .closed:
            return controller.screen.isTraining ? [.back] : []
        }
    }

    /// An import from the page ended (`note`: what it imported, or why nothing): the profile is shown again with it.
    public func imported(_ note: String, in controller: TrainerController) {
        importNote = note
        render(controller)
    }

    /// A key's tap from the page is the page's own tap source: the browser and the loopback request delay it more
    /// than the terminal delays a key, so its latency is calibrated, and taken off, apart from the terminal's.
    static func tappedOnThePage(_ command: AppCommand) -> AppCommand {
        guard case .input(.tap(let instant, .keyboard)) = command else { return command }
        return .input(.tap(at: instant, from: .page))
    }

    /// A page has no terminal to give back.
    public func suspend() {}

    public func resume() { published = nil }

    public func close() { knobLight.cancel() }
}
