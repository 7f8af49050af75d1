import PeachCore
import PeachMIDI
import PeachTrainer

/// What the presented pitch of a trial played now rests on. The composition root decides the basis once, for
/// the synth it wired; the player's profile is made for that synth and stays as it is when the user connects to
/// another one the screen offers, so on any other synth nothing the profile knows was measured there: its
/// trials are `assumed` until the first synth is back.
@MainActor
final class PlayedPitchBasis {
    private let wiredClient: String
    private let wiredBasis: PitchBasis
    private(set) var current: PitchBasis

    init(wired port: SequencerPortInfo, basis: PitchBasis) {
        wiredClient = port.clientName
        wiredBasis = basis
        current = basis
    }

    /// The notes go to `port` from now on.
    func connected(to port: SequencerPortInfo) {
        current = port.clientName == wiredClient ? wiredBasis : .assumed
    }
}
