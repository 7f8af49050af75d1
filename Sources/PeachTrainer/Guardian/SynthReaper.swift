import Glibc

/// Ends the FluidSynth a dead Peach left behind. FluidSynth quits by itself when its standard
/// input (held by Peach alone) reaches end of file, finishing its audio file: it gets a moment for
/// that, then SIGTERM, then SIGKILL. The PID is checked against FluidSynth's command line (its
/// client name holds Peach's PID) each time, so a reused PID is never signalled.
enum SynthReaper {
    static func end(_ pid: Int32, startedBy peach: Int32, grace: Duration = .seconds(1)) {
        let marker = FluidSynthProcess.Configuration.clientName(forPeach: peach)
        func alive() -> Bool { isRunning(pid, commandLineContaining: marker) }
        if waitForExit(within: grace, alive) { return }
        if alive() { kill(pid, SIGTERM) }
        if waitForExit(within: .seconds(1), alive) { return }
        if alive() { kill(pid, SIGKILL) }
    }

    /// Whether `pid` runs (not a zombie: a zombie's command line is empty) with `marker` in its command line.
    static func isRunning(_ pid: Int32, commandLineContaining marker: String) -> Bool {
        let descriptor = open("/proc/\(pid)/cmdline", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        return String(decoding: bytes[0..<count].map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self).contains(marker)
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
