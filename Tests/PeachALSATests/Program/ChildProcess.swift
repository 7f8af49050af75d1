import Foundation
import Glibc

/// A child started with posix_spawn the way a shell starts a job: in a process group of its own,
/// with default signal actions and nothing blocked. (Foundation's Process leaves it in the test
/// runner's group, which in the VM is orphaned: there the kernel drops SIGTSTP, so Ctrl-Z could
/// not be tested.)
final class ChildProcess {
    struct Failure: Error, CustomStringConvertible { let description: String }

    let pid: Int32
    private var status: Int32?

    /// `descriptors[n]` becomes the child's descriptor n; `closing` are closed in the child.
    init(_ path: String, arguments: [String], environment: [String: String], directory: URL,
         descriptors: [Int32], closing: [Int32]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, source) in descriptors.enumerated() {
            posix_spawn_file_actions_adddup2(&actions, source, Int32(target))
        }
        for descriptor in Set(closing + descriptors) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        // Nothing else of the test runner's leaks into the child (a sequencer client's descriptor
        // would keep that client alive after the test closed it).
        _ = Self.addCloseFrom(&actions, 3)
        // In the child's working directory (FluidSynth's file driver writes fluidsynth.wav there).
        guard Self.addChdir(&actions, directory.path) == 0 else {
            throw Failure(description: "posix_spawn_file_actions_addchdir_np failed")
        }
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

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard result == 0 else { throw Failure(description: "posix_spawn \(path): \(String(cString: strerror(result)))") }
        self.pid = pid
    }

    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?,
                                                 UnsafePointer<CChar>?) -> Int32
    /// glibc 2.29+ has it, but its declaration does not import into Swift here: look it up.
    private static let addChdir: AddChdir = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addchdir_np") else {
            return { _, _ in -1 }
        }
        return unsafeBitCast(symbol, to: AddChdir.self)
    }()

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
    private static let addCloseFrom: AddCloseFrom = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") else {
            return { _, _ in -1 }
        }
        return unsafeBitCast(symbol, to: AddCloseFrom.self)
    }()

    /// Whether the child has not exited yet (reaps it when it has).
    var isRunning: Bool {
        guard status == nil else { return false }
        var raw: Int32 = 0
        guard waitpid(pid, &raw, WNOHANG) == pid else { return true }
        // WIFEXITED / WEXITSTATUS / WTERMSIG do not import.
        let signal = raw & 0x7f
        status = signal == 0 ? (raw >> 8) & 0xff : 128 + signal
        return false
    }

    /// Waits for the exit; returns the status (or 128 + signal), nil at the timeout (then kills it).
    func waitForExit(timeout: Duration) -> Int32? {
        guard waitUntil(timeout: timeout, { !isRunning }) else {
            kill(pid, SIGCONT)
            kill(pid, SIGKILL)
            _ = waitUntil(timeout: .seconds(10)) { !isRunning }
            return nil
        }
        return status
    }

    deinit {
        if isRunning { kill(pid, SIGCONT); kill(pid, SIGKILL); _ = waitUntil(timeout: .seconds(10)) { !isRunning } }
    }
}
