import PeachApp
import PeachDisciplines
import PeachMIDI
import PeachTestSupport
import PeachTrainer

/// Records the trainer's output commands; `play` can be made to fail (no synth connected).
actor RecordingOutput: TrainingOutput {
    enum Call: Equatable { case play, stop(fade: Duration?), pause(PauseReason) }
    private(set) var calls: [Call] = []
    var refusesToPlay = false

    func refuse() { refusesToPlay = true }

    func play() async throws {
        calls.append(.play)
        if refusesToPlay { throw MIDIOutputServiceError.notConnected }
    }

    func stop(fadeOut: Duration?) async { calls.append(.stop(fade: fadeOut)) }
    func pause(_ reason: PauseReason) async { calls.append(.pause(reason)) }
}
