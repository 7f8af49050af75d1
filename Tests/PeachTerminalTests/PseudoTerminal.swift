import Glibc
import PeachSystem

/// A pseudo-terminal pair for tests: the session runs on `secondary`, the test plays the user's
/// terminal emulator on `primary`.
final class PseudoTerminal {
    let primary: Int32
    let secondary: Int32

    // Linux ioctls behind unlockpt()/ptsname(), which Glibc's Swift overlay does not import
    // (they need _XOPEN_SOURCE): _IOW('T', 0x31, int) and _IOR('T', 0x30, unsigned int).
    static let setLock: UInt = 0x4004_5431
    static let getNumber: UInt = 0x8004_5430

    init?() {
        let primary = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard primary >= 0 else { return nil }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(primary, Self.setLock, &unlock) == 0, ioctl(primary, Self.getNumber, &number) == 0 else {
            close(primary)
            return nil
        }
        let secondary = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard secondary >= 0 else { close(primary); return nil }
        guard (try? DescriptorFlags.setNonBlocking(primary, true, name: "the pseudo-terminal")) != nil else {
            close(secondary)
            close(primary)
            return nil
        }
        self.primary = primary
        self.secondary = secondary
    }

    deinit {
        close(secondary)
        close(primary)
    }

    var attributes: termios {
        var attributes = termios()
        tcgetattr(secondary, &attributes)
        return attributes
    }

    /// Everything the program wrote to the terminal so far.
    func readOutput() -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(primary, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += buffer.prefix(count)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The user typing.
    func type(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(primary, $0.baseAddress, $0.count) }
    }
}
