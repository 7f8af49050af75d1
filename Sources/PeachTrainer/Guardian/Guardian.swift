import Glibc
import PeachALSA
import PeachMIDI
import PeachSystem

/// `peach __guardian` (hidden): the helper that silences the synth when Peach dies without a
/// word — SIGKILL and the OOM killer cannot be caught, so no handler in Peach can. It reads
/// `GuardianMessage` lines on standard input (a socket whose other end only Peach holds), blocked
/// in poll(2): no timer, no thread, no CPU while it waits. End of input after `bye`: it exits
/// quietly. End of input without `bye`, or the announcement that Peach's sequencer client has
/// gone: Peach is dead, so it sends the silence to every destination it was told of, ends the
/// FluidSynth Peach started, and exits.
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
        for signal in [SIGINT, SIGHUP, SIGPIPE] { Signals.ignore(signal) }
        // From the command line, not getppid(): Peach may already be dead (and this re-parented).
        guard let peach = arguments.last.flatMap({ Int32($0) }), peach > 0 else { return 2 }
        let sender: SilenceSender
        do {
            sender = try SilenceSender(clientName: "Peach guardian \(peach)")
        } catch {
            return 1
        }
        var link = LinkReader()
        /// Reads from the link; encodes the silence again when what it must say changed. False at end of file.
        func absorb(blocking: Bool) -> Bool {
            let before = link.state
            let open = link.readAvailable(blocking: blocking)
            if link.state.plan != before.plan || link.state.destinations != before.destinations {
                sender.prepare(link.state.plan.events, to: link.state.destinations)
            }
            return open
        }
        // Peach's death shows as end of file on the link or as the announcement that its sequencer
        // client is going, whichever comes first (a dying process's descriptors close in order, and
        // Peach opened its sequencer before the link). Blocked in poll(2) on both: no timer, no CPU
        // while Peach lives.
        var descriptors = [Poll.readable(STDIN_FILENO)] + sender.announcementDescriptors()
        watching: while true {
            switch Poll.wait(&descriptors, timeoutMilliseconds: -1) {
            case .ready: break
            case .interrupted: continue watching
            case .failed: break watching
            }
            // A broken sequencer device would report errors forever: stop polling it, keep the link.
            if descriptors.dropFirst().contains(where: { $0.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 }) {
                descriptors = [descriptors[0]]
            }
            if descriptors.dropFirst().contains(where: { $0.revents != 0 }),
               sender.readAnnouncements(exitOf: link.state.peachClient ?? -1) {
                // Its last words (a `bye`) were written before its client closed: read them first.
                _ = absorb(blocking: false)
                break
            }
            if descriptors[0].revents != 0 && !absorb(blocking: true) { break }
        }
        let state = link.state
        guard !state.cleanExit else { return 0 }
        sender.sendPrepared()
        sender.close()
        if let pid = state.synthPID { SynthReaper.end(pid, startedBy: peach) }
        return 0
    }
}

/// The guardian's end of the link: bytes in, `GuardianState` out.
private struct LinkReader {
    public var state = GuardianState()
    private var pending: [UInt8] = []
    private var buffer = [UInt8](repeating: 0, count: 4096)

    /// Reads what is there (one read when `blocking`, until nothing is left otherwise) and applies
    /// the complete lines. False at end of file (Peach has closed its end, or died).
    @discardableResult
    public mutating func readAvailable(blocking: Bool) -> Bool {
        while true {
            let count = buffer.withUnsafeMutableBytes {
                recv(STDIN_FILENO, $0.baseAddress, $0.count, blocking ? 0 : Int32(MSG_DONTWAIT))
            }
            if count < 0 && errno == EINTR { continue }
            if count == 0 { return false }
            guard count > 0 else { return true }
            pending += buffer[0..<count]
            state.consume(&pending)
            if blocking { return true }
        }
    }
}
