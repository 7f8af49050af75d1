import Testing
import PeachTerminal

// Placeholder until the PeachTerminal module has real tests.
@Suite struct PeachTerminalSmokeTests {
    @Test func moduleLinks() { #expect(Bool(true)) }
}
