import Foundation
import Glibc
@testable import PeachSystem
import Testing

/// The raw process, signal, terminal and poll calls, each wrapped once, against the real kernel.
@Suite(.serialized) struct SystemCallsTests {
    nonisolated(unsafe) static var received: Int32 = 0
    /// Real-time signals no other test uses (the terminal's tests raise SIGUSR1 and SIGUSR2).
    static let first = __libc_current_sigrtmin() + 3
    static let second = __libc_current_sigrtmin() + 4

    /// Raised on this thread with the signal unblocked, so it is handled before `raise` returns (test threads
    /// may block signals).
    static func raiseHere(_ signal: Int32) { Signals.unblocked(signal) { Signals.raise(signal) } }

    @Test func aHandlerInstalledForASignalRunsWhenItIsRaised() {
        Self.received = 0
        Signals.install({ Self.received = $0 }, for: Self.first)
        Self.raiseHere(Self.first)
        #expect(Self.received == Self.first)
        Self.received = 0
        Signals.ignore(Self.first)
        Self.raiseHere(Self.first)
        #expect(Self.received == 0, "ignored")
        Signals.restoreDefault(Self.first)
    }

    @Test func anIgnoredSignalIsIgnoredOnlyWhileTheBodyRuns() {
        Self.received = 0
        Signals.install({ Self.received = $0 }, for: Self.second)
        Signals.ignoring(Self.second) { Self.raiseHere(Self.second) }
        #expect(Self.received == 0)
        Self.raiseHere(Self.second)
        #expect(Self.received == Self.second, "the handler is back after the body")
        Signals.restoreDefault(Self.second)
    }

    @Test func aPipeIsNotATerminalAndPollSeesItsByte() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { _ = close($0) } }
        #expect(!TerminalMode.isTerminal(ends[0]))
        #expect(TerminalMode.attributes(of: ends[0]) == nil)
        #expect(TerminalMode.size(of: ends[0]) == nil)
        #expect(throws: SystemError.self) { try TerminalMode.apply(termios(), to: ends[0]) }
        var descriptors = [Poll.readable(ends[0])]
        #expect(Poll.wait(&descriptors, timeoutMilliseconds: 0) == .ready(0))
        var byte: UInt8 = 7
        #expect(write(ends[1], &byte, 1) == 1)
        #expect(Poll.wait(&descriptors, timeoutMilliseconds: 1000) == .ready(1))
        #expect(descriptors[0].revents & Int16(POLLIN) != 0)
    }

    @Test func aSocketPairCarriesBytesAndASendToAClosedPeerRaisesNoSignal() throws {
        let (one, other) = try LocalSocket.pair()
        #expect(LocalSocket.send(Array("hello".utf8), on: one) == 5)
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = buffer.withUnsafeMutableBytes { recv(other, $0.baseAddress, $0.count, 0) }
        #expect(Array(buffer.prefix(count)) == Array("hello".utf8))
        SocketIO.close(other)
        #expect(LocalSocket.send([1], on: one) == -1, "EPIPE, and the test process is still here")
        SocketIO.close(one)
    }

    @Test func aDetachedChildRunsInItsOwnGroupAndIsReapedAndSignalled() throws {
        let (ours, theirs) = try LocalSocket.pair()
        defer { SocketIO.close(ours) }
        // The child waits for its standard input to end: it lives until the socket closes or a signal ends it.
        let pid = try ChildProcess.spawnDetached("/bin/sh", arguments: ["-c", "read line; exec sleep 30"], standardInput: theirs)
        SocketIO.close(theirs)
        #expect(getpgid(pid) == pid, "a process group of its own")
        var shown: String?
        for _ in 0..<500 where shown?.contains("exec sleep") != true {
            shown = Processes.commandLine(of: pid)
            usleep(2_000)
        }
        #expect(shown?.contains("/bin/sh -c read line; exec sleep 30") == true, "\(shown ?? "no command line")")
        #expect(!Processes.reapIfEnded(pid))
        #expect(Signals.send(SIGKILL, to: pid))
        var reaped = false
        for _ in 0..<500 where !reaped {
            reaped = Processes.reapIfEnded(pid)
            if !reaped { usleep(2_000) }
        }
        #expect(reaped)
        #expect(Processes.commandLine(of: pid) == nil)
        #expect(throws: SystemError.self) { _ = try ChildProcess.spawnDetached("/nonexistent/peach", arguments: [], standardInput: 0) }
    }

    @Test func thisProgramKnowsItsOwnPath() {
        #expect(Processes.ownExecutable().hasPrefix("/"))
        #expect(Processes.commandLine(of: Processes.ownID) != nil)
    }
}
