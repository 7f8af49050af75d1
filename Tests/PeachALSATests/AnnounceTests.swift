import Foundation
import PeachALSA
import PeachCore
import PeachMIDI
import Testing

extension RealSequencerTests {
    /// System:Announce on the real sequencer, through PeachALSA's input stream and the output service,
    /// as the app wires them.
    @Suite struct AnnounceTests {
        /// Interruptions as they are produced, stamped with CLOCK_MONOTONIC.
        static func interruptions(of peach: ALSASequencer, service: MIDIOutputService)
            -> AsyncStream<(event: InterruptionEvent, at: UInt64)> {
            let inputs = peach.inputs()
            let (stream, continuation) = AsyncStream.makeStream(of: (event: InterruptionEvent, at: UInt64).self)
            let consumer = Task {
                for await input in inputs {
                    guard case .announce(let announce) = input else { continue }
                    if let event = await service.handle(announce) { continuation.yield((event, monotonicNanoseconds())) }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in consumer.cancel() }
            return stream
        }

        /// The app's output service, connected to `synth` (which sends the setup burst there).
        static func service(_ peach: ALSASequencer, playingTo synth: TestClient, offering: SynthMatching) async throws
            -> MIDIOutputService {
            let port = try #require(try await peach.ports().first { $0.address == synth.address })
            let service = MIDIOutputService(port: peach, directory: peach, ownOutput: peach.outputAddress,
                                            clock: SystemTrainingClock(), offering: offering)
            try await service.connect(to: port)
            return service
        }

        static func first(_ stream: AsyncStream<(event: InterruptionEvent, at: UInt64)>)
            async -> (event: InterruptionEvent, at: UInt64)? {
            await collect(stream, timeout: .seconds(3)) { $0.count >= 1 }.first
        }

        @Test func destinationExitIsOutputLostWithin100msAndItsReturnIsOutputAvailable() async throws {
            let peach = try ALSASequencer(clientName: "Peach")
            let synth = try TestClient(name: "Fake Synth", portName: "Synth input", writable: true, synthesizer: true)
            let service = try await Self.service(peach, playingTo: synth, offering: .automaticSynth)
            let interruptions = Self.interruptions(of: peach, service: service)
            try await Task.sleep(for: .milliseconds(100))  // let the stream's consumer start

            let closed = monotonicNanoseconds()
            synth.close()
            let lost = try #require(await Self.first(interruptions), "no interruption after the synth quit")
            let lostMilliseconds = Double(lost.at - closed) / 1e6
            guard case .outputLost(let reason) = lost.event else {
                Issue.record("expected outputLost, got \(lost.event)"); return
            }
            print("announce: outputLost (\(reason)) \(String(format: "%.1f", lostMilliseconds)) ms after the synth quit")
            #expect(lostMilliseconds < 100)
            #expect(await service.state.destination == nil)

            let started = monotonicNanoseconds()
            let again = try TestClient(name: "Fake Synth", portName: "Synth input", writable: true, synthesizer: true)
            let available = try #require(await Self.first(interruptions), "no report when a synth started")
            print("announce: \(available.event) \(String(format: "%.1f", Double(available.at - started) / 1e6)) ms after it started")
            #expect(available.event == .outputAvailable(name: "Fake Synth:Synth input (\(again.address))"))
            #expect(await service.state.destination == nil, "offered, never connected by itself")
        }

        @Test func someoneElseRemovingOurConnectionIsOutputLost() async throws {
            let peach = try ALSASequencer(clientName: "Peach")
            let synth = try TestClient(name: "Fake Synth", portName: "Synth input", writable: true, synthesizer: true)
            let service = try await Self.service(peach, playingTo: synth, offering: .specification("Fake Synth"))
            let interruptions = Self.interruptions(of: peach, service: service)
            try await Task.sleep(for: .milliseconds(100))

            // What a patchbay does: `aconnect -d Peach:out synth`.
            let aconnect = Process()
            aconnect.executableURL = URL(fileURLWithPath: "/usr/bin/aconnect")
            aconnect.arguments = ["-d", "\(peach.outputAddress)", "\(synth.address)"]
            try aconnect.run()
            aconnect.waitUntilExit()
            #expect(aconnect.terminationStatus == 0)

            let lost = try #require(await Self.first(interruptions))
            #expect(lost.event == .outputLost(reason: "Peach's connection to \(synth.address) was removed"))
        }
    }
}
