#if canImport(Glibc)
import Glibc
#endif

/// Processes: this one's identity, starting a child, reaping it, and reading another's command line, each raw
/// call wrapped once.
public enum Processes {
    public static var ownID: Int32 { getpid() }

    /// This program's path (/proc/self/exe resolved, so `ps` shows a real name).
    public static func ownExecutable() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return "/proc/self/exe" }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether the child `pid` has ended (and is reaped now); never waits.
    public static func reapIfEnded(_ pid: Int32) -> Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) != 0
    }

    /// `pid`'s command line with its arguments separated by spaces; nil when it does not run (or is a zombie,
    /// whose command line is empty).
    public static func commandLine(of pid: Int32) -> String? {
        let descriptor = open("/proc/\(pid)/cmdline", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return String(decoding: bytes[0..<count].map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
    }
}
