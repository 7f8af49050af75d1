import Foundation
import Glibc
import PeachApp
import PeachCore
import PeachDisciplines
import PeachPresentation
import PeachTerminal
import PeachTrainer

/// The computer keyboard's tap path, for information beside the MIDI taps (docs/rhythm-timing.md): a pseudo-terminal in
/// raw mode stands where the user's terminal is; Peach's keyboard thread (`InputPump`) reads it, the fill-the-gap mode
/// turns the space into a tap, and the session stamps it with the queue clock when it reads it, as in the app. The
/// bench reads the queue clock, then writes the space to the terminal at once; error = the stamp the session scored
/// minus that reading. Not measured: the keyboard, the desktop and the terminal emulator before the pseudo-terminal.
enum KeyboardTapBenchmark {
    @MainActor
    static func run(report: BenchReport, short: Bool) async {
        do {
            try await measure(report: report, trials: short ? 1 : 4)
        } catch {
            report.unmeasurable("rhythm keyboard tap", "\(error)")
        }
    }

    @MainActor
    static func measure(report: BenchReport, trials: Int) async throws {
        let rig = try await RhythmCaptureRig.open("keyboard-capture")
        defer { rig.close() }
        let terminal = try PseudoTerminal()
        let pump = InputPump.start(.keys, fileDescriptor: terminal.follower, logger: SilentLogger())
        var settings = TrainingSettings()
        settings.tempo = TempoBPM(120)!
        let player = rig.service.rhythmPlayer
        let mode = FillTheGapModeSession(FillTheGapSession(player: player, settings: BenchSettings(settings),
                                                          clock: SystemTrainingClock()))
        let keys = Task { @MainActor in
            for await input in pump.input {
                guard case .keys(let pressed) = input else { continue }
                for key in pressed {
                    for case .input(let tap) in mode.commands(for: key) { mode.perform(tap) }
                }
            }
        }
        defer { keys.cancel() }
        mode.gaps.start()
        var errors: [Double] = []
        for _ in 0..<trials { errors += try await tapSixteenGaps(mode.gaps, player: player, terminal: terminal) }
        // The first tap is the first time the whole path runs (in the VM's emulated CPU, code is translated then).
        errors.removeFirst()
        await mode.gaps.stop().value
        rig.capture.finish()
        let p99 = percentile(errors.map(abs), 99)
        report.add("rhythm", "keyboard tap stamp: |recorded − typed| p99 (information)", p99, "ms", goal: "none (information)", met: true,
                   note: "p50 \(BenchReport.format(percentile(errors, 50))) ms; \(errors.count) spaces (after 1 unmeasured) typed into a pseudo-terminal, "
                       + "read by Peach's keyboard thread and stamped by the fill-the-gap session when read")
    }

    /// Types a space 2 ms into each gap of the running trial; returns each tap's stamp less the queue time read
    /// just before the space was written.
    @MainActor
    static func tapSixteenGaps(_ session: FillTheGapSession, player: any RhythmPlayer, terminal: PseudoTerminal) async throws -> [Double] {
        var errors: [Double] = []
        while session.current == nil { try await Task.sleep(for: .milliseconds(5)) }
        let trial = session.current!
        for gap in 0..<FillTheGapTrial.cycles {
            try await player.waitUntil(trial.gapTime(gap) + .milliseconds(2))
            let typed = try await player.queueNow()
            try terminal.type(" ")
            let deadline = ContinuousClock.now + .seconds(3)
            while session.current == trial, session.offsets[gap] == nil, ContinuousClock.now < deadline {
                try await Task.sleep(for: .microseconds(200))
            }
            guard session.current == trial, let offset = session.offsets[gap] else {
                throw BenchError("the space typed into gap \(gap) was not scored")
            }
            errors.append(offset.value - typed.milliseconds(since: trial.gapTime(gap)).value)
        }
        while session.current == trial { try await Task.sleep(for: .milliseconds(5)) }
        return errors
    }
}

/// A pseudo-terminal pair: the bench types into `leader`; `follower` is in raw mode, as Peach's terminal is while it trains.
final class PseudoTerminal {
    let leader: Int32
    let follower: Int32

    init() throws {
        var leader: Int32 = 0, follower: Int32 = 0
        guard openpty(&leader, &follower, nil, nil, nil) == 0 else { throw BenchError("no pseudo-terminal: errno \(errno)") }
        self.leader = leader
        self.follower = follower
        var settings = termios()
        tcgetattr(follower, &settings)
        cfmakeraw(&settings)
        tcsetattr(follower, TCSANOW, &settings)
    }

    func type(_ text: String) throws {
        let bytes = Array(text.utf8)
        guard write(leader, bytes, bytes.count) == bytes.count else { throw BenchError("typing failed: errno \(errno)") }
    }

    deinit {
        close(leader)
        close(follower)
    }
}
