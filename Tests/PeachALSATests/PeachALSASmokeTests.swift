import Testing
import PeachALSA

// Placeholder until the PeachALSA module has real tests.
@Suite struct PeachALSASmokeTests {
    @Test func moduleLinks() { #expect(Bool(true)) }
}
