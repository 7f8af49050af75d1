import Glibc
import PeachSystem

/// Ends the FluidSynth a dead Peach left behind. FluidSynth quits by itself when its standard
/// input (held by Peach alone) reaches end of file, finishing its audio file: it gets a moment for
/// that, then SIGTERM, then SIGKILL. The PID is checked against FluidSynth's command line (its
/// client name holds Peach's PID) each time, so a reused PID is never signalled.
enum SynthReaper {
    static func end(_ pid: Int32, startedBy peach: Int32, grace: Duration = .seconds(1)) {
        let marker = FluidSynthProcess.Configuration.clientName(forPeach: peach)
        func alive() -> Bool { isRunning(pid, commandLineContaining: marker) }
        if waitForExit(within: grace, alive) { return }
        if alive() { Signals.send(SIGTERM, to: pid) }
        if waitForExit(within: .seconds(1), alive) { return }
        if alive() { Signals.send(SIGKILL, to: pid) }
    }

    /// Whether `pid` runs (not a zombie: a zombie's command line is empty) with `marker` in its command line.
    static func isRunning(_ pid: Int32, commandLineContaining marker: String) -> Bool {
        Processes.commandLine(of: pid)?.contains(marker) ?? false
    }

    private static func waitForExit(within limit: Duration, _ alive: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + limit
        while alive() {
            guard ContinuousClock.now < deadline else { return false }
            usleep(20_000)
        }
        return true
    }
}
