import Foundation
import PeachCore
import PeachDisciplines
import PeachMIDI
import PeachTerminal

/// Line mode (`--plain`, or when standard output is not a terminal): one line per event, plain
/// words instead of symbols, single-line commands. For screen readers and scripts.
@MainActor
public final class PlainLineInterface: TrainerInterface {
    /// The facts a line is printed for when they change.
    struct View: Equatable {
        var screen: AppScreen
        /// The running mode's phase and finished trials.
        var progress: PlainProgress?
        var status: String?
        var destination: String?
        var offered: String?
    }

    private let write: @MainActor (String) -> Void
    private let info: @MainActor () -> [String]
    private let profileReport: @MainActor () -> [String]
    private var shown: View?
    private let stopProcess: @MainActor () -> Void
    private let modes: [any TrainingMode]
    private var pendingLine = [UInt8]()

    public init(modes: [any TrainingMode], write: @escaping @MainActor (String) -> Void,
                info: @escaping @MainActor () -> [String] = { [] },
                profileReport: @escaping @MainActor () -> [String] = { [] },
                stopProcess: @escaping @MainActor () -> Void = { ProcessStopper.stopUntilContinued() }) {
        self.modes = modes
        self.write = write
        self.info = info
        self.profileReport = profileReport
        self.stopProcess = stopProcess
    }

    public func render(_ controller: TrainerController) {
        let view = View(screen: controller.screen, progress: controller.activeModeSession?.plainProgress,
                        status: controller.statusLine,
                        destination: controller.outputState.destination?.description,
                        offered: controller.outputState.offeredDestination)
        let previous = shown
        shown = view
        guard view != previous else { return }
        if view.destination != previous?.destination {
            if let destination = view.destination { emit("synth: \(destination)") }
            else if previous != nil {
                emit("synth: disconnected" + (controller.outputState.lossReason.map { " (\($0))" } ?? "")
                     + "; reconnect it (or restart with --synth fluidsynth), then type connect when it is offered")
            }
        }
        if view.offered != previous?.offered, let offered = view.offered {
            emit("a synth appeared: \(offered); type connect to use it")
        }
        if view.status != previous?.status, let status = view.status { emit("! \(status)") }
        if view.screen != previous?.screen { screenOpened(view.screen, controller) }
        // Results are keyed on the counts, not on the feedback state: a render that comes after the
        // 0.4 s of feedback (a busy machine) still reports every answer, before the next trial's lines.
        if let session = controller.activeModeSession, view.progress != previous?.progress {
            let sameMode = view.screen == previous?.screen
            session.plainLines(after: sameMode ? previous?.progress : nil).forEach(emit)
        }
    }

    public func commands(from input: UserInput, in controller: TrainerController) -> [AppCommand] {
        guard case .bytes(let bytes) = input else { return [] }
        var commands: [AppCommand] = []
        for byte in bytes {
            guard byte == UInt8(ascii: "\n") else { pendingLine.append(byte); continue }
            var line = String(decoding: pendingLine, as: UTF8.self)
            pendingLine.removeAll()
            if line.hasSuffix("\r") { line.removeLast() }
            switch PlainCommandParser.parse(line, modes: modes, running: controller.screen.trainingMode) {
            case .command(let command): commands.append(command)
            case .help: emit(PlainCommandParser.help(modes: modes))
            case .unknown(let word): emit("unknown command '\(word)'; type help for the list")
            }
        }
        return commands
    }

    public func suspend() {
        emit("suspended: training stopped; type fg to come back")
        stopProcess()
    }
    public func resume() { shown = nil }
    public func close() {}

    // MARK: Lines

    private func screenOpened(_ screen: AppScreen, _ controller: TrainerController) {
        switch screen {
        case .start:
            let modes = controller.modes.map { "\($0.plainWords[0]) = \($0.menuTitle.lowercased())" }
            emit("start: " + (modes + ["p = profile", "i = info", "q = quit", "help"]).joined(separator: ", "))
        case .training(let id):
            if let mode = controller.modes.first(where: { $0.id == id }) { emit(mode.plainIntro) }
        case .profile: profileReport().forEach(emit)
        case .info: info().forEach(emit)
        case .settings: emit("settings: edit the configuration file (see info for its path); changes apply to the next trial")
        case .quietBreak: emit("quiet break: rest your ears. z snoozes once for 5 minutes, s ends the break")
        }
    }

    private func emit(_ line: String) { write(line) }
}
