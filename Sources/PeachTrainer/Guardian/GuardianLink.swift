import Glibc
import PeachFiles
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
    static func launch(executable: String = GuardianLink.ownExecutable()) throws(LaunchFailure) -> GuardianLink {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw LaunchFailure(description: tr(.guardianNoSocket, ["reason": String(cString: strerror(errno))]))
        }
        let (ours, theirs) = (ends[0], ends[1])
        defer { Glibc.close(theirs) }
        // Writes never block (see above). O_NONBLOCK belongs to this end only: the guardian's stays blocking.
        do {
            try DescriptorFlags.setNonBlocking(ours, true, name: tr(.descriptorGuardianSocket))
        } catch {
            Glibc.close(ours)
            throw LaunchFailure(description: error.description)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, theirs, STDIN_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        // Nothing else of Peach's (a pipe to FluidSynth, the sequencer) may live on in the guardian.
        _ = addCloseFrom(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(executable), strdup(Guardian.subcommand), strdup("\(getpid())"), nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard result == 0 else {
            Glibc.close(ours)
            throw LaunchFailure(description: tr(.guardianCannotStart, ["executable": executable, "subcommand": Guardian.subcommand,
                                                                       "reason": String(cString: strerror(result))]))
        }
        return GuardianLink(pid: pid, socket: ours)
    }

    /// Sends one message. False when it could not be written whole (guardian gone or not reading).
    @discardableResult
    func send(_ message: GuardianMessage) -> Bool {
        let bytes = Array((message.line + "\n").utf8)
        return socket.withLock { descriptor in
            guard descriptor >= 0 else { return false }
            let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            return sent == bytes.count
        }
    }

    /// Says `bye` and closes Peach's end; the guardian exits without a sound. Idempotent.
    func close() {
        send(.cleanExit)
        socket.withLock { descriptor in
            if descriptor >= 0 { Glibc.close(descriptor) }
            descriptor = -1
        }
        // Reap it (it exits at once on end of input); never wait long for a stuck one.
        for _ in 0..<50 {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) != 0 { return }
            usleep(2_000)
        }
    }

    /// This program's path (/proc/self/exe resolved, so `ps` shows a real name).
    static func ownExecutable() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return "/proc/self/exe" }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
    /// glibc 2.34+ has it, but its declaration does not import into Swift: look it up. Without it,
    /// Peach's own descriptors are close-on-exec where it matters (the link, the sequencer).
    private static let addCloseFrom: AddCloseFrom = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") else {
            return { _, _ in -1 }
        }
        return unsafeBitCast(symbol, to: AddCloseFrom.self)
    }()
}
