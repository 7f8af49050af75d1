import Foundation
import PeachCore
import PeachMIDI
import PeachTerminal

/// Line mode (`--plain`, or when standard output is not a terminal): one line per event, plain
/// words instead of symbols, single-line commands. For screen readers and scripts.
@MainActor
public final class PlainLineInterface: TrainerInterface {
    /// The facts a line is printed for when they change.
    struct View: Equatable {
        var screen: AppScreen
        var comparisonState: ComparisonSessionState
        var answered: Int
        var pitchState: PitchMatchingSessionState
        var committed: Int
        var status: String?
        var destination: String?
        var offered: String?
    }

    private let write: @MainActor (String) -> Void
    private let info: @MainActor () -> [String]
    private let profileReport: @MainActor () -> [String]
    private var shown: View?
    private let stopProcess: @MainActor () -> Void
    private var pendingLine = [UInt8]()

    public init(write: @escaping @MainActor (String) -> Void,
                info: @escaping @MainActor () -> [String] = { [] },
                profileReport: @escaping @MainActor () -> [String] = { [] },
                stopProcess: @escaping @MainActor () -> Void = { ProcessStopper.stopUntilContinued() }) {
        self.write = write
        self.info = info
        self.profileReport = profileReport
        self.stopProcess = stopProcess
    }

    public func render(_ controller: TrainerController) {
        let view = View(screen: controller.screen, comparisonState: controller.comparison.state,
                        answered: controller.comparison.answeredCount, pitchState: controller.pitchMatching.state,
                        committed: controller.pitchMatching.completedCount, status: controller.statusLine,
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
        switch view.screen {
        case .comparison:
            if view.answered != previous?.answered, view.answered > 0 { verdictLine(controller) }
            if view.comparisonState != previous?.comparisonState { comparisonLine(controller) }
        case .pitchMatching:
            if view.committed != previous?.committed, view.committed > 0 { resultLine(controller) }
            if view.pitchState != previous?.pitchState { pitchMatchingLine(controller) }
        default:
            break
        }
    }

    public func commands(from input: UserInput, on screen: AppScreen) -> [AppCommand] {
        guard case .bytes(let bytes) = input else { return [] }
        var commands: [AppCommand] = []
        for byte in bytes {
            guard byte == UInt8(ascii: "\n") else { pendingLine.append(byte); continue }
            var line = String(decoding: pendingLine, as: UTF8.self)
            pendingLine.removeAll()
            if line.hasSuffix("\r") { line.removeLast() }
            switch PlainCommandParser.parse(line) {
            case .command(let command): commands.append(command)
            case .help: emit(PlainCommandParser.help)
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
        case .start: emit("start: c = comparison, m = pitch matching, p = profile, i = info, q = quit, help")
        case .comparison: emit("comparison training: answer h (higher) or l (lower) once note 2 starts; s stops")
        case .pitchMatching: emit("pitch matching: tune with +N / -N cents, Enter commits; s stops")
        case .profile: profileReport().forEach(emit)
        case .info: info().forEach(emit)
        case .settings: emit("settings: edit the configuration file (see info for its path); changes apply to the next trial")
        case .quietBreak: emit("quiet break: rest your ears. z snoozes once for 5 minutes, s ends the break")
        }
    }

    private func comparisonLine(_ controller: TrainerController) {
        let session = controller.comparison
        switch session.state {
        case .playingNote1: emit("comparison \(session.answeredCount + 1): note 1")
        case .playingNote2: emit("note 2: higher or lower?")
        case .awaitingAnswer, .idle, .showingFeedback: break
        }
    }

    private func verdictLine(_ controller: TrainerController) {
        let session = controller.comparison
        guard let last = session.lastCompleted else { return }
        let verdict = last.isCorrect ? "correct" : "wrong"
        let direction = last.comparison.isTargetHigher ? "higher" : "lower"
        let cents = String(format: "%.1f", last.presentedCentOffset.magnitude.value)
        emit("\(verdict): note 2 was \(cents) cents \(direction) (\(session.correctCount) of \(session.answeredCount) correct)")
    }

    private func pitchMatchingLine(_ controller: TrainerController) {
        let session = controller.pitchMatching
        switch session.state {
        case .playingReference: emit("pitch matching \(session.completedCount + 1): reference note")
        case .playingTunable: emit("tune now")
        case .idle, .showingFeedback: break
        }
    }

    private func resultLine(_ controller: TrainerController) {
        guard let result = controller.pitchMatching.lastResult else { return }
        emit("result: " + Self.describe(error: result.userCentError))
    }

    /// "3.2 cents sharp", "0.4 cents flat", "exact".
    static func describe(error: Cents) -> String {
        let rounded = (error.value * 10).rounded() / 10
        if rounded == 0 { return "exact (within 0.05 cents)" }
        return String(format: "%.1f cents ", abs(rounded)) + (rounded > 0 ? "sharp" : "flat")
    }

    private func emit(_ line: String) { write(line) }
}
