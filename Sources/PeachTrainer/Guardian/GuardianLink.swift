import Glibc
import PeachSystem
import PeachText
import Synchronization

/// Peach's end of its guardian: starts `peach __guardian` and tells it what it must know
/// (`GuardianMessage` lines). The link is a Unix stream socket, close-on-exec on Peach's side, so
/// no other child (FluidSynth) inherits it: when Peach dies, however it dies, the guardian reads end
/// of file at once. Writes never block and never raise SIGPIPE: a stuck or dead guardian cannot
/// stall or kill Peach (the message is dropped; the next one replaces it anyway).
final class GuardianLink: Sendable {
    struct LaunchFailure: Error, CustomStringConvertible { let description: String }

    let pid: Int32
    private let socket: Mutex<Int32>

    private init(pid: Int32, socket: Int32) {
        self.pid = pid
        self.socket = Mutex(socket)
    }

    /// Starts the guardian from `executable` (this program) in a process group of its own (Ctrl-C
    /// and Ctrl-Z at the terminal are Peach's), with only the socket, and /dev/null for output.
    static func launch(executable: String = Processes.ownExecutable()) throws(LaunchFailure) -> GuardianLink {
        let (ours, theirs): (Int32, Int32)
        do {
            (ours, theirs) = try LocalSocket.pair()
        } catch {
            throw LaunchFailure(description: tr(.guardianNoSocket, ["reason": error.reason]))
        }
        defer { SocketIO.close(theirs) }
        // Writes never block (see above). O_NONBLOCK belongs to this end only: the guardian's stays blocking.
        do {
            try DescriptorFlags.setNonBlocking(ours, true, name: tr(.descriptorGuardianSocket))
        } catch {
            SocketIO.close(ours)
            throw LaunchFailure(description: error.description)
        }
        // Nothing else of Peach's (a pipe to FluidSynth, the sequencer) may live on in the guardian.
        do {
            let pid = try ChildProcess.spawnDetached(executable, arguments: [Guardian.subcommand, "\(Processes.ownID)"],
                                                     standardInput: theirs)
            return GuardianLink(pid: pid, socket: ours)
        } catch {
            SocketIO.close(ours)
            throw LaunchFailure(description: tr(.guardianCannotStart, ["executable": executable, "subcommand": Guardian.subcommand,
                                                                       "reason": error.reason]))
        }
    }

    /// Sends one message. False when it could not be written whole (guardian gone or not reading).
    @discardableResult
    func send(_ message: GuardianMessage) -> Bool {
        let bytes = Array((message.line + "\n").utf8)
        return socket.withLock { descriptor in
            guard descriptor >= 0 else { return false }
            return LocalSocket.send(bytes, on: descriptor) == bytes.count
        }
    }

    /// Says `bye` and closes Peach's end; the guardian exits without a sound. Idempotent.
    func close() {
        send(.cleanExit)
        socket.withLock { descriptor in
            if descriptor >= 0 { SocketIO.close(descriptor) }
            descriptor = -1
        }
        // Reap it (it exits at once on end of input); never wait long for a stuck one.
        for _ in 0..<50 {
            if Processes.reapIfEnded(pid) { return }
            usleep(2_000)
        }
    }
}
