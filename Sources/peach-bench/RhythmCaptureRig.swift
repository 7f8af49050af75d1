import Foundation
import PeachALSA
import PeachCore
import PeachMIDI

/// What the rhythm benchmarks share: a kernel-stamping capture client (`rhythmprobe capture`, its arrivals in a
/// temporary file), Peach's own sequencer client, and an output service connected to the capture as the app's is
/// to a synth. `close()` ends the client and removes the capture file.
final class RhythmCaptureRig {
    let capturePath: String
    let capture: RhythmProbe
    let sink: SequencerAddress
    let sequencer: ALSASequencer
    let service: MIDIOutputService

    private init(capturePath: String, capture: RhythmProbe, sink: SequencerAddress, sequencer: ALSASequencer,
                 service: MIDIOutputService) {
        self.capturePath = capturePath
        self.capture = capture
        self.sink = sink
        self.sequencer = sequencer
        self.service = service
    }

    /// `name`: the capture file's name (a temporary path).
    static func open(_ name: String) async throws -> RhythmCaptureRig {
        let capturePath = temporaryPath(name)
        do {
            let capture = try RhythmProbe(["capture", capturePath])
            guard let sink = capture.address.flatMap(SequencerAddress.init(parsing:)) else { throw BenchError("capture address") }
            let sequencer = try benchSequencer("Peach")
            guard let port = try await sequencer.ports().first(where: { $0.address == sink }) else {
                sequencer.close()
                throw BenchError("capture port")
            }
            let service = MIDIOutputService(port: sequencer, directory: sequencer, ownOutput: sequencer.outputAddress,
                                            clock: SystemTrainingClock())
            try await service.connect(to: port)
            return RhythmCaptureRig(capturePath: capturePath, capture: capture, sink: sink, sequencer: sequencer,
                                    service: service)
        } catch {
            try? FileManager.default.removeItem(atPath: capturePath)
            throw error
        }
    }

    func close() {
        sequencer.close()
        try? FileManager.default.removeItem(atPath: capturePath)
    }
}
