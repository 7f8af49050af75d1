import Glibc
import PeachPresentation
@testable import PeachTerminal
import Testing

/// Raw mode and its restore on a real pseudo-terminal. Serialized: the saved state is process-global.
@Suite(.serialized) struct TerminalSessionTests {
    static let rawFlags = tcflag_t(ECHO | ICANON | ISIG)

    /// Passes by returning: with nothing saved there is nothing to put back.
    @Test func restoreWithoutSaveIsHarmlessAndIdempotent() {
        TerminalRestorer.restore()
        TerminalRestorer.restore()
    }

    @Test func sessionEntersRawModeAndRestoresEverything() throws {
        let pty = try #require(PseudoTerminal())
        let original = pty.attributes
        #expect(original.c_lflag & Self.rawFlags == Self.rawFlags)

        let session = try TerminalSession(inputDescriptor: pty.secondary, output: TerminalOutput(fileDescriptor: pty.secondary))
        #expect(pty.attributes.c_lflag & Self.rawFlags == 0)
        let entered = pty.readOutput()
        #expect(entered.contains(ANSI.enterAlternateScreen))
        #expect(entered.contains(ANSI.hideCursor))

        session.draw(["hello"])
        #expect(pty.readOutput().contains("hello"))

        session.restore()
        session.restore()
        #expect(pty.attributes.c_lflag == original.c_lflag)
        #expect(pty.attributes.c_iflag == original.c_iflag)
        let left = pty.readOutput()
        #expect(left.contains(ANSI.leaveAlternateScreen))
        #expect(left.contains(ANSI.showCursor))
        #expect(left.components(separatedBy: ANSI.leaveAlternateScreen).count == 2, "restore must be idempotent")
    }

    @Test func droppingTheSessionRestores() throws {
        let pty = try #require(PseudoTerminal())
        let original = pty.attributes
        do {
            let session = try TerminalSession(inputDescriptor: pty.secondary, output: TerminalOutput(fileDescriptor: pty.secondary))
            #expect(pty.attributes.c_lflag & Self.rawFlags == 0)
            withExtendedLifetime(session) {}
        }
        #expect(pty.attributes.c_lflag == original.c_lflag)
    }

    @Test func aSignalHandlerCanRestore() throws {
        let pty = try #require(PseudoTerminal())
        let original = pty.attributes
        let session = try TerminalSession(inputDescriptor: pty.secondary, output: TerminalOutput(fileDescriptor: pty.secondary))
        let previous = signal(SIGUSR1) { _ in TerminalRestorer.restore() }
        defer { signal(SIGUSR1, previous) }
        raiseOnThisThread(SIGUSR1)
        #expect(pty.attributes.c_lflag == original.c_lflag)
        withExtendedLifetime(session) {}
    }

    @Test func keyboardReaderResolvesALoneEscapeAfterTheTimeout() throws {
        let pty = try #require(PseudoTerminal())
        let session = try TerminalSession(inputDescriptor: pty.secondary, output: TerminalOutput(fileDescriptor: pty.secondary))
        defer { session.restore() }
        var reader = KeyboardReader(input: TerminalInput(fileDescriptor: pty.secondary))
        #expect(reader.next(timeoutMilliseconds: 5) == .timeout)
        pty.type([0x1B])
        #expect(reader.next(timeoutMilliseconds: 1000) == .keys([.escape]))
        pty.type(Array("\u{1B}[1;2Cq".utf8))
        #expect(reader.next(timeoutMilliseconds: 1000) == .keys([.arrow(.right, .shift), .character("q")]))
    }

    @Test func crashHandlersAreInstalledForFatalSignals() {
        TerminalRestorer.installCrashHandlers()
        defer { for number in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT] { signal(number, SIG_DFL) } }
        for number in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT] {
            var current = sigaction()
            sigaction(number, nil, &current)
            #expect(current.__sigaction_handler.sa_handler != nil, "signal \(number)")
        }
    }

    @Test func keysArriveAsBytesAndSignalsAsEvents() throws {
        let pty = try #require(PseudoTerminal())
        let session = try TerminalSession(inputDescriptor: pty.secondary, output: TerminalOutput(fileDescriptor: pty.secondary))
        defer { session.restore() }
        let input = TerminalInput(fileDescriptor: pty.secondary)
        #expect(input.next(timeoutMilliseconds: 10) == .timeout)

        // Ctrl-C is a key in raw mode, not SIGINT.
        pty.type([0x1B, 0x5B, 0x41, 0x03])
        guard case .bytes(let bytes) = input.next(timeoutMilliseconds: 1000) else {
            Issue.record("expected key bytes")
            return
        }
        var decoder = KeyDecoder()
        #expect(decoder.feed(bytes) == [.arrow(.up), .ctrlC])

        try TerminalSignals.install([SIGUSR2])
        defer { signal(SIGUSR2, SIG_DFL) }
        raiseOnThisThread(SIGUSR2)
        #expect(input.next(timeoutMilliseconds: 1000) == .signals([SIGUSR2]))
        #expect(TerminalSignals.drain() == [])
    }
}

/// Test runner threads (libdispatch workers) block signals; unblock `signalNumber` here so the
/// handler runs synchronously inside `raise`, as it would on the app's main thread.
func raiseOnThisThread(_ signalNumber: Int32) {
    var set = sigset_t()
    var previous = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, signalNumber)
    pthread_sigmask(SIG_UNBLOCK, &set, &previous)
    raise(signalNumber)
    pthread_sigmask(SIG_SETMASK, &previous, nil)
}
