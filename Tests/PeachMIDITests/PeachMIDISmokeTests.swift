import Testing
import PeachMIDI

// Placeholder until the PeachMIDI module has real tests.
@Suite struct PeachMIDISmokeTests {
    @Test func moduleLinks() { #expect(Bool(true)) }
}
