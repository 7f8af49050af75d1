import PeachALSA
import PeachCore
import PeachMIDI
import Testing

extension RealSequencerTests {
    @Suite struct InputTests {
        @Test func decodesControllerEventsWithSourceAndArrivalTime() async throws {
            let peach = try ALSASequencer(clientName: "Peach")
            let keyboard = try TestClient(name: "Knobs", writable: false)
            let stream = peach.inputs()
            try await peach.connectInput(from: keyboard.address)
            let sent: [MIDIEvent] = [
                .controlChange(channel: MIDIChannel(2)!, controller: 1, value: 64),
                .controlChange(channel: MIDIChannel(2)!, controller: 33, value: 5),
                .pitchBend(channel: MIDIChannel(15)!, bend: PitchBend(-8192)!),
                .pitchBend(channel: MIDIChannel(15)!, bend: PitchBend(8191)!),
                .programChange(channel: channel1, program: 42),
                .noteOn(channel: channel1, note: MIDINote(60)!, velocity: 99),
                .noteOn(channel: channel1, note: MIDINote(60)!, velocity: 0),
                .noteOff(channel: channel1, note: MIDINote(61)!, velocity: 7),
            ]
            var sentAt: [UInt64] = []
            for event in sent {
                sentAt.append(monotonicNanoseconds())
                try keyboard.send(event)
            }
            let before = sentAt[0]

            let inputs = await collect(stream, timeout: .seconds(5)) { taken in
                taken.filter { if case .midi = $0 { true } else { false } }.count >= sent.count
            }
            let midi = inputs.compactMap { input -> (MIDIEvent, SequencerAddress, UInt64)? in
                guard case .midi(let event, let source, let time, _) = input else { return nil }
                return (event, source, time)
            }
            var expected = sent
            expected[6] = .noteOff(channel: channel1, note: MIDINote(60)!, velocity: 0)  // running-status note-off
            #expect(midi.map(\.0) == expected)
            #expect(midi.allSatisfy { $0.1 == keyboard.address })
            #expect(midi.allSatisfy { $0.2 >= before && $0.2 <= monotonicNanoseconds() })
            let latencies = zip(midi, sentAt).map { Double(Int64($0.2) - Int64($1)) / 1e6 }
            print(String(format: "input: controller event to decoded SequencerInput in %.2f ms (worst of %d)",
                         latencies.max() ?? 0, latencies.count))
            #expect(inputs.contains(.announce(.portSubscribed(sender: keyboard.address, destination: peach.inputAddress))))
        }

        @Test func aNewStreamFinishesThePreviousOne() async throws {
            let peach = try ALSASequencer(clientName: "Peach")
            let first = peach.inputs()
            _ = peach.inputs()
            let leftovers = await collect(first, timeout: .seconds(2)) { _ in false }
            #expect(leftovers.isEmpty)  // finished (not timed out) with nothing in it
        }
    }
}
