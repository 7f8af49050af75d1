#if canImport(Glibc)
import Glibc
#endif

/// Starting a child process with posix_spawn, wrapped once: what it inherits is chosen here, not left to chance.
public enum ChildProcess {
    /// Starts `executable` with `arguments` (argv[0] is `executable`) in a process group of its own (the
    /// terminal's Ctrl-C and Ctrl-Z stay the parent's), every signal at its default and none blocked, with
    /// `standardInput` as its standard input, /dev/null for its output, and no other descriptor of the parent's.
    /// Returns its PID.
    public static func spawnDetached(_ executable: String, arguments: [String], standardInput: Int32) throws(SystemError) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, standardInput, STDIN_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
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
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard result == 0 else { throw SystemError("starting", executable, code: result) }
        return pid
    }

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
    /// glibc 2.34+ has it, but its declaration does not import into Swift: look it up. Without it, the parent's
    /// own descriptors are close-on-exec where it matters.
    private static let addCloseFrom: AddCloseFrom = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") else {
            return { _, _ in -1 }
        }
        return unsafeBitCast(symbol, to: AddCloseFrom.self)
    }()
}
