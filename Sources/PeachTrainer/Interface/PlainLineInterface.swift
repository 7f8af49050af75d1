import Foundation
import PeachCore
import PeachDisciplines
import PeachMIDI
import PeachPresentation
import PeachTerminal
import PeachText

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
            if let destination = view.destination { emit(tr(.plainSynth, ["destination": destination])) }
            else if previous != nil {
                emit(tr(.plainSynthLost, ["reason": controller.outputState.lossReason.map { " (\($0))" } ?? ""]))
            }
        }
        if view.offered != previous?.offered, let offered = view.offered {
            emit(tr(.plainSynthAppeared, ["destination": offered]))
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
            case .unknown(let word): emit(tr(.plainUnknownCommand, ["word": word]))
            }
        }
        return commands
    }

    public func suspend() {
        emit(tr(.plainSuspended))
        stopProcess()
    }
    public func resume() { shown = nil }
    public func close() {}

    // MARK: Lines

    private func screenOpened(_ screen: AppScreen, _ controller: TrainerController) {
        switch screen {
        case .start:
            let modes = controller.modes.map { tr(.plainStartEntry, ["word": $0.plainWords[0], "title": $0.menuTitle.lowercased()]) }
            emit(tr(.plainStart, ["entries": (modes + [tr(.plainStartViewers)]).joined(separator: ", ")]))
        case .training(let id):
            if let mode = controller.modes.first(where: { $0.id == id }) { emit(mode.plainIntro) }
        case .profile: profileReport().forEach(emit)
        case .info: info().forEach(emit)
        case .settings: emit(tr(.plainSettings))
        case .quietBreak: emit(tr(.plainQuietBreak))
        }
    }

    private func emit(_ line: String) { write(line) }
}
