import Foundation
import PeachSystem
#if canImport(Glibc)
import Glibc
#endif

/// The one-writer rule: an exclusive `flock` on `training.lock`, held for the writer's lifetime and
/// released by the kernel even when the process is killed. `flock` rather than `fcntl` locks because
/// flock locks belong to the open file, so a second open in the same process is refused too.
/// The holder writes its PID into the file so a refused process can name it. The descriptor is
/// close-on-exec: a child such as the FluidSynth process must not inherit, and so keep holding, the lock.
final class WriterLock {
    /// How long a held lock is retried before it counts as another writer: a Peach that is just
    /// quitting, or a child between fork and exec (which briefly shares the lock until its
    /// close-on-exec), releases it within milliseconds.
    static let patience: Duration = .milliseconds(500)
    private let file: OpenFile

    init(_ directory: DataDirectory) throws(StoreError) {
        let file: OpenFile
        do { file = try OpenFile(path: directory.lockPath, flags: O_RDWR | O_CREAT) }
        catch { throw .cannotOpen(error) }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: Self.patience)
        while flock(file.descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            if code == EWOULDBLOCK {
                if clock.now < deadline { usleep(10_000); continue }
                throw .lockedByAnotherProcess(directory: directory.path, lockPath: directory.lockPath,
                                              pid: Self.holderPID(file))
            }
            throw .cannotLock(SystemError("locking", directory.lockPath, code: code))
        }
        self.file = file
        // Best effort: the PID only improves the message another process shows.
        try? file.truncate(to: 0)
        try? file.writeWhole(Array("\(getpid())\n".utf8), at: 0)
    }

    private static func holderPID(_ file: OpenFile) -> Int32? {
        guard let (bytes, count) = try? file.readAll() else { return nil }
        let text = String(decoding: bytes[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return Int32(text)
    }
}
