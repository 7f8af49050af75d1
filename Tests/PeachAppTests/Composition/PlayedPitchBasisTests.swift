@testable import PeachApp
import PeachCore
import PeachMIDI
@testable import PeachTrainer
import Testing

/// The player keeps the profile made for the synth it was wired to: after connecting to another synth the screen
/// offered, nothing it knows was measured there, so trials are `assumed` until the first synth is back.
@MainActor @Suite struct PlayedPitchBasisTests {
    typealias Choice = PitchBasisChoiceTests

    @Test(arguments: PitchBasis.allCases)
    func anotherSynthIsAssumedAndTheWiredOneGetsItsBasisBack(_ wired: PitchBasis) {
        let played = PlayedPitchBasis(wired: Choice.hardware, basis: wired)
        #expect(played.current == wired)
        played.connected(to: Choice.port("Yamaha MU80"))
        #expect(played.current == .assumed)
        played.connected(to: Choice.hardware)
        #expect(played.current == wired)
    }

    /// The same synth back under a new address (unplugged and plugged in again) is the synth that was measured.
    @Test func theSameSynthAtANewAddressKeepsItsBasis() {
        let played = PlayedPitchBasis(wired: Choice.hardware, basis: .measured)
        played.connected(to: SequencerPortInfo(address: SequencerAddress(client: 24, port: 0), clientName: "Roland JV-1080",
                                               portName: "in", clientKind: .user, capabilities: [.write, .subscribeWrite],
                                               types: [.synthesizer]))
        #expect(played.current == .measured)
    }
}
