import Testing
import PeachStore

// Placeholder until the PeachStore module has real tests.
@Suite struct PeachStoreSmokeTests {
    @Test func moduleLinks() { #expect(Bool(true)) }
}
