import Glibc
import PeachPresentation
@testable import PeachTerminal
import Testing

@Suite struct TerminalTests {
    @Test func colourModeHonoursNoColorAndDumbTerminals() {
        #expect(ColorMode.detect(environment: ["TERM": "xterm-256color"], outputIsTerminal: true) == .color)
        #expect(ColorMode.detect(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"], outputIsTerminal: true) == .monochrome)
        #expect(ColorMode.detect(environment: ["TERM": "xterm-256color", "NO_COLOR": ""], outputIsTerminal: true) == .color)
        #expect(ColorMode.detect(environment: ["TERM": "dumb"], outputIsTerminal: true) == .monochrome)
        #expect(ColorMode.detect(environment: [:], outputIsTerminal: true) == .monochrome)
        #expect(ColorMode.detect(environment: ["TERM": "xterm"], outputIsTerminal: false) == .monochrome)
    }

    @Test func rawModeClearsEchoCanonicalAndSignalsButKeepsOutputProcessing() {
        var original = termios()
        original.c_lflag = tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        original.c_iflag = tcflag_t(ICRNL | IXON)
        original.c_oflag = tcflag_t(OPOST)
        let raw = RawMode.attributes(from: original)
        #expect(raw.c_lflag & tcflag_t(ECHO | ICANON | ISIG | IEXTEN) == 0)
        #expect(raw.c_iflag & tcflag_t(ICRNL | IXON) == 0)
        #expect(raw.c_oflag & tcflag_t(OPOST) != 0)
        let keepingSignals = RawMode.attributes(from: original, keepSignalKeys: true)
        #expect(keepingSignals.c_lflag & tcflag_t(ISIG) != 0)
    }

    @Test func sessionRefusesWhenInputIsNotATerminal() throws {
        let devNull = open("/dev/null", O_RDONLY)
        defer { close(devNull) }
        #expect(throws: TerminalError.notATerminal) {
            _ = try TerminalSession(inputDescriptor: devNull, output: TerminalOutput(fileDescriptor: devNull))
        }
    }
}
