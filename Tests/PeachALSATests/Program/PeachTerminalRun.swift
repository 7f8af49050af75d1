import Foundation
import Glibc

/// One run of `peach` on a pseudo-terminal (full-screen mode): the test holds the master side
/// (types keys, reads the screen) and keeps the slave side open to check its termios after exit.
final class PeachTerminalRun {
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// The child, in a process group of its own (as a shell's job), so a SIGTSTP really stops it.
    let child: ChildProcess
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
        child = try ChildProcess(PeachProgram.executable.path, arguments: arguments,
                                 environment: PeachProgram.environment(directory: directory, extra: ["TERM": "xterm-256color"]),
                                 directory: directory, descriptors: [slave, slave, slave], closing: [master])
    }

    var pid: Int32 { child.pid }
    var isRunning: Bool { child.isRunning }

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
    func waitForExit(timeout: Duration = .seconds(60)) -> Int32? { child.waitForExit(timeout: timeout) }

    deinit {
        _ = child.waitForExit(timeout: .zero)
        close(slave)
        close(master)
    }
}
