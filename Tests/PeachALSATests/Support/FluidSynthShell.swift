import Foundation

/// A FluidSynth started by a test with its shell on `input`.
enum FluidSynthShell {
    /// Ends it cleanly (the shell's `quit`) and waits at most 10 s for it to exit, then terminates it.
    static func quit(_ process: Process, input: Pipe) {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.write(contentsOf: Data("quit\n".utf8))
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate() }
    }
}
