import PeachApp
import PeachDisciplines
import PeachTrainer

/// Plain mode driven end to end through the runner over the trainer fixture, as a script types it: every line it
/// writes is kept, `type` sends one line with its Enter, `run` ends with the exit status.
@MainActor
final class PlainSession {
    private final class Transcript {
        var lines: [String] = []
    }

    let fixture = TrainerFixture()
    let run: Task<Int32, Never>
    private let transcript = Transcript()
    private let typing: AsyncStream<UserInput>.Continuation

    init() {
        let transcript = transcript
        let interface = PlainLineInterface(modes: Disciplines.modes, write: { transcript.lines.append($0) })
        let (keyboard, typing) = AsyncStream<UserInput>.makeStream()
        self.typing = typing
        let runner = TrainerRunner(controller: fixture.controller, interface: interface)
        run = Task { await runner.run(keyboard: keyboard) }
    }

    var lines: [String] { transcript.lines }

    func count(_ prefix: String) -> Int { lines.filter { $0.hasPrefix(prefix) }.count }

    nonisolated func type(_ line: String) { typing.yield(.bytes(Array((line + "\n").utf8))) }
}
