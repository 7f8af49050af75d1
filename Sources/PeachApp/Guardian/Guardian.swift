import Glibc
import PeachALSA
import PeachMIDI

/// `peach __guardian` (hidden): the helper that silences the synth when Peach dies without a
/// word — SIGKILL and the OOM killer cannot be caught, so no handler in Peach can. It reads
/// `GuardianMessage` lines on standard input (a socket whose other end only Peach holds), blocked
/// in read(2): no timer, no thread, no CPU while it waits. End of input after `bye`: it exits
/// quietly. End of input without `bye`: Peach is gone, so it sends the silence to every
/// destination it was told of, ends the FluidSynth Peach started, and exits.
public enum Guardian {
    /// The hidden subcommand (never shown in --help).
    public static let subcommand = "__guardian"

    /// Whether `arguments` (the whole command line) ask for the guardian: `peach __guardian PID`.
    public static func isRequested(by arguments: [String]) -> Bool {
        arguments.count == 3 && arguments[1] == subcommand
    }

    /// Runs the guardian for the Peach whose PID is the last argument; returns its exit status.
    public static func run(arguments: [String]) -> Int32 {
        // Terminal signals are Peach's business: it says `bye` after handling them.
        signal(SIGINT, SIG_IGN)
        signal(SIGHUP, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
        // From the command line, not getppid(): Peach may already be dead (and this re-parented).
        guard let peach = arguments.last.flatMap({ Int32($0) }), peach > 0 else { return 2 }
        let sender: SilenceSender
        do {
            sender = try SilenceSender(clientName: "Peach guardian \(peach)")
        } catch {
            return 1
        }
        var state = GuardianState()
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            pending += buffer[0..<count]
            let before = state
            state.consume(&pending)
            if state.plan != before.plan || state.destinations != before.destinations {
                sender.prepare(state.plan.events, to: state.destinations)
            }
        }
        guard !state.cleanExit else { return 0 }
        sender.sendPrepared()
        sender.close()
        if let pid = state.synthPID { SynthReaper.end(pid, startedBy: peach) }
        return 0
    }
}
