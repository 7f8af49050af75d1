import Foundation
import Glibc

/// One run of `peach` on a pseudo-terminal (full-screen mode): the test holds the master side
/// (types keys, reads the screen) and keeps the slave side open to check its termios after exit.
final class PeachTerminalRun {
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// The child's PID; it runs in a process group of its own (as a shell's job does), so a SIGTSTP
    /// really stops it (in an orphaned group, the one the test runner is in here, the kernel drops it).
    let pid: Int32
    private var exitStatus: Int32?
    let master: Int32
    let slave: Int32
    let screen: OutputCollector
    /// The terminal modes before Peach started (what it must restore).
    let original: termios

    init(_ arguments: [String], directory: URL, columns: UInt16 = 80, rows: UInt16 = 24) throws {
        var master: Int32 = -1, slave: Int32 = -1
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else {
            throw Failure(description: "openpty failed: errno \(errno)")
        }
        self.master = master
        self.slave = slave
        var modes = termios()
        tcgetattr(slave, &modes)
        original = modes
        screen = OutputCollector(fileDescriptor: master, name: "peach pty")
        pid = try Self.spawn(arguments, terminal: slave, master: master,
                             environment: PeachProgram.environment(directory: directory, extra: ["TERM": "xterm-256color"]))
    }

    /// posix_spawn with the terminal as 0, 1, 2, a new process group, default signal actions and no
    /// blocked signals (Foundation's Process keeps the child in the test runner's group).
    private static func spawn(_ arguments: [String], terminal: Int32, master: Int32,
                              environment: [String: String]) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for target in Int32(0)...2 { posix_spawn_file_actions_adddup2(&actions, terminal, target) }
        posix_spawn_file_actions_addclose(&actions, master)
        posix_spawn_file_actions_addclose(&actions, terminal)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGPIPE, SIGWINCH, SIGQUIT] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        let path = PeachProgram.executable.path
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard result == 0 else { throw Failure(description: "posix_spawn \(path): \(String(cString: strerror(result)))") }
        return pid
    }

    /// Whether the child has not exited yet (reaps it when it has).
    var isRunning: Bool {
        guard exitStatus == nil else { return false }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return true }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which do not import.
        let signal = status & 0x7f
        exitStatus = signal == 0 ? (status >> 8) & 0xff : 128 + signal
        return false
    }

    /// Types `text` on the keyboard.
    func type(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(master, &bytes, bytes.count)
    }

    /// The terminal modes now.
    var currentModes: termios {
        var modes = termios()
        tcgetattr(slave, &modes)
        return modes
    }

    /// Whether the terminal is back in the modes it had before Peach (canonical input and echo on,
    /// and every local, input and output flag as it was).
    var modesRestored: Bool {
        let now = currentModes
        return now.c_lflag & tcflag_t(ICANON) != 0 && now.c_lflag & tcflag_t(ECHO) != 0
            && now.c_lflag == original.c_lflag && now.c_iflag == original.c_iflag && now.c_oflag == original.c_oflag
    }

    /// Waits until the screen output from `offset` on contains `text`.
    func expect(_ text: String, from offset: Int = 0, timeout: Duration = .seconds(60)) throws {
        guard screen.wait(from: offset, timeout: timeout, { $0.contains(text) ? true : nil }) != nil else {
            throw Failure(description: "\(text.debugDescription) not drawn within \(timeout); "
                + "\(isRunning ? "running" : "exited"); screen so far:\n\(screen.text.suffix(3000).debugDescription)")
        }
    }

    /// Waits for the exit; returns the status (or 128 + signal), nil at the timeout (then kills it).
    func waitForExit(timeout: Duration = .seconds(60)) -> Int32? {
        guard waitUntil(timeout: timeout, { !isRunning }) else {
            kill(pid, SIGCONT)
            kill(pid, SIGKILL)
            _ = waitUntil(timeout: .seconds(10)) { !isRunning }
            return nil
        }
        return exitStatus
    }

    deinit {
        if isRunning { kill(pid, SIGCONT); kill(pid, SIGKILL); _ = waitUntil(timeout: .seconds(10)) { !isRunning } }
        close(slave)
        close(master)
    }
}
