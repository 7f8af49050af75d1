import Testing
import PeachApp

// Placeholder until the PeachApp module has real tests.
@Suite struct PeachAppSmokeTests {
    @Test func moduleLinks() { #expect(Bool(true)) }
}
