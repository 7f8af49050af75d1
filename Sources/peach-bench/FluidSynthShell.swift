import Foundation
import Glibc

/// Ending a FluidSynth that reads its shell from a pipe.
enum FluidSynthShell {
    /// Sends "quit" (so a file driver finishes its WAV header) and waits up to 10 s, then terminates it.
    static func quit(_ process: Process, input: Pipe) {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.write(contentsOf: Data("quit\n".utf8))
        let deadline = monotonicNanoseconds() + 10_000_000_000
        while process.isRunning && monotonicNanoseconds() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate() }
    }
}
