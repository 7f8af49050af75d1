import Foundation
@testable import PeachALSA
import PeachApp
import PeachCore
import PeachDisciplines
import PeachMIDI
import PeachTrainer
import Testing

extension RealSequencerTests {
    /// The knob routed to the held note on the real sequencer, wired as the app wires it: a test client
    /// floods the knob into Peach's input; Peach bends the note on its sequencer thread. A commit arriving
    /// during the flood scores exactly the last bend sent, and after a stop no bend or note-on follows.
    @MainActor @Suite struct RoutedKnobTests {
        final class NoStore: RecordObserver {
            func recorded(_ record: TrainingRecord) throws {}
        }

        struct NoOutput: TrainingOutput {
            func play() async throws {}
            func stop(fadeOut: Duration?) async {}
            func pause(_ reason: PauseReason) async {}
        }

        @MainActor final class Settings: TrainingSettingsSource {
            var currentSettings = TrainingSettings(noteRange: MIDINote(60)!...MIDINote(72)!, noteDuration: .milliseconds(150))
                .with { $0.maxInitialCentOffset = Cents(20) }
        }

        struct Rig {
            let peach: ALSASequencer
            let synth: TestClient
            let knob: TestClient
            let player: MidiNotePlayer
            let controller: TrainerController
            let route: Task<Void, Never>
            let reader: Task<Void, Never>

            /// Opens pitch matching and waits until its tunable note sounds with the knob routed to it.
            @MainActor @discardableResult
            func atTheTunableNote() async throws -> PitchMatchingSession {
                let session = (controller.modeSession(PitchMatchingMode.id) as! PitchMatchingModeSession).matching
                await controller.handle(.open(.training(PitchMatchingMode.id)))
                try #require(await waitFor(seconds: 10) { session.isAdjustable }, "the tunable note never started")
                try await Task.sleep(for: .milliseconds(100))  // the route is installed
                return session
            }

            func close() {
                route.cancel()
                reader.cancel()
                peach.close()
            }
        }

        static let knobCC: UInt8 = 74

        /// Reads the synth's input on a thread of its own while the test floods: a synth that stopped
        /// reading would fill its kernel pool and hold up Peach's output (and with it the knob).
        final class Draining: @unchecked Sendable {
            // @unchecked: `client` and `events` are touched by the reading thread only until `done` signals.
            private let client: TestClient
            private var events: [MIDIEvent] = []
            private let done = DispatchSemaphore(value: 0)

            init(_ client: TestClient) {
                self.client = client
                Thread { [self] in
                    events = self.client.receive(idle: .seconds(2), limit: .seconds(60)).map(\.event)
                    done.signal()
                }.start()
            }

            /// Everything received, once the synth has heard nothing for 2 s.
            func finish() async -> [MIDIEvent] {
                await withCheckedContinuation { continuation in
                    DispatchQueue.global().async { self.done.wait(); continuation.resume() }
                }
                return events
            }
        }

        func makeRig() async throws -> Rig {
            let (peach, synth) = try await makePeachWithCapture(name: "Routed synth")
            let knob = try TestClient(name: "Knob", portName: "knob", writable: false)
            try await peach.connectInput(from: knob.address)
            let player = MidiNotePlayer(port: peach, configuration: MidiNotePlayerConfiguration(), routes: peach)
            try await player.configure()
            let decoder = ControllerDecoder(binding: ControllerBinding(source: .absolute7Bit(controller: Self.knobCC)),
                                            mapping: KnobMapping(span: Cents(200)))
            let controller = TrainerWiring.trainer(
                TrainerWiring.Adapters(store: NoStore(), notePlayer: player, rhythmPlayer: SilentRhythmPlayer(), output: NoOutput(), settings: Settings(),
                                       clock: SystemTrainingClock(), logger: SilentLogger(), interruptions: InterruptionHub()),
                profile: PerceptualProfile(),
                choices: TrainerWiring.Choices(breaks: QuietBreakSchedule(), decoder: decoder, userStopFade: .zero))
            let router = SequencerInputRouter(controller: controller) { _ in }
            let (queue, reader) = SequencerInputQueue.fed(by: peach.inputs())
            let route = Task { @MainActor in await router.run(queue) }
            return Rig(peach: peach, synth: synth, knob: knob, player: player, controller: controller, route: route,
                       reader: reader)
        }

        /// Sends `count` knob positions sweeping up and down, `gap` apart, on a thread of its own.
        func flood(_ knob: TestClient, count: Int, gap: Duration = .microseconds(200)) async throws {
            for index in 0..<count {
                let value = UInt8(20 + (index % 88 < 44 ? index % 88 : 88 - index % 88))
                // A real controller never floods faster than the kernel takes it: wait while its pool is full.
                while (try? knob.send(.controlChange(channel: MIDIChannel(0)!, controller: Self.knobCC, value: value))) == nil {
                    try await Task.sleep(for: .milliseconds(1))
                }
                if index % 10 == 9 { try await Task.sleep(for: gap * 10) }
            }
        }

        enum CommitSource: String, CaseIterable, Sendable {
            /// The pedal, right behind the last knob positions, in the same input stream.
            case pedal
            /// A key on the computer keyboard, on the main actor, while positions may still be untold.
            case keyboard
        }

        @Test(arguments: CommitSource.allCases)
        func aCommitDuringAFloodScoresTheLastBendSent(_ source: CommitSource) async throws {
            let rig = try await makeRig()
            defer { rig.close() }
            let synth = Draining(rig.synth)
            let session = try await rig.atTheTunableNote()
            try await flood(rig.knob, count: 600)
            switch source {
            case .pedal: try rig.knob.send(.controlChange(channel: MIDIChannel(0)!, controller: 64, value: 127))
            case .keyboard:
                // One more position far from the flood's, and the key at once: the thread bends to it
                // before the main actor could have been told.
                try rig.knob.send(.controlChange(channel: MIDIChannel(0)!, controller: Self.knobCC, value: 120))
                await rig.controller.handle(.input(.commit))
            }
            let committed = await waitFor(seconds: 10) { session.completedCount == 1 }
            try #require(committed, "the \(source) did not commit")
            let result = try #require(session.lastResult)
            await rig.controller.handle(.quit)

            let events = await synth.finish()
            // The held note: the second note-on (the first is the reference); its channel and key.
            let noteOns = events.enumerated().filter { if case .noteOn(_, _, let v) = $0.element, v > 0 { true } else { false } }
            try #require(noteOns.count >= 2, "\(events.count) events")
            guard case .noteOn(let channel, let key, _) = noteOns[1].element else { return }
            let afterStart = events[noteOns[1].offset...]
            let noteOff = try #require(afterStart.firstIndex(of: .noteOff(channel: channel, note: key, velocity: 64)))
            let bends = events[noteOns[1].offset..<noteOff].compactMap { event -> PitchBend? in
                if case .pitchBend(let on, let bend) = event, on == channel { bend } else { nil }
            }
            let routedBends = bends.count - 1  // the first is the note's own start bend
            print("routed knob: \(routedBends) bends sent on the sequencer thread for 600 knob positions (neighbours on one bend step send one)")
            #expect(routedBends > 10, "the flood was routed")
            let lastBend = try #require(bends.last)
            // What the synth sounds for that bend, by the player's own synth profile (scale and pitch floor).
            let tuning = rig.player.tuning
            let sounded = DetunedMIDINote(note: key, offset: tuning.presentedOffset(of: lastBend)).frequency(reference: .standard)
            let target = result.challenge.targetFrequency(.standard)
            let scored = Cents.between(target, and: sounded)
            print("routed knob, \(source) commit: committed \(result.userCentError), last bend sent sounds \(scored) from the target")
            #expect(abs(result.userCentError.value - scored.value) < 0.001,
                    "the committed pitch is the pitch of the last bend sent")
        }

        /// Knob events that wait in the kernel while the sequencer thread is busy are read as one burst:
        /// one bend goes out, the newest position's, and the main actor is told that position even though
        /// nothing follows it (the poll's timeout tells it).
        @Test func aBurstReadInOneGoSendsOnlyItsNewestBend() async throws {
            let rig = try await makeRig()
            defer { rig.close() }
            let synth = Draining(rig.synth)
            let session = try await rig.atTheTunableNote()
            let before = session.tunedFrequency
            // Hold the sequencer thread while 100 positions are sent: they queue in the kernel.
            let peach = rig.peach
            let start = ContinuousClock.now
            let holding = Task.detached { try await peach.perform { _ in _ = usleep(600_000) } }
            try await Task.sleep(for: .milliseconds(50))
            let values = (0..<100).map { UInt8(10 + $0) }
            for value in values {
                try rig.knob.send(.controlChange(channel: MIDIChannel(0)!, controller: Self.knobCC, value: value))
            }
            let sentWithinHold = ContinuousClock.now - start < .milliseconds(550)
            try await holding.value
            let last = values.last!
            let told = await waitFor(seconds: 2) { session.tunedFrequency != before }
            let tuned = session.tunedFrequency
            let challenge = try #require(session.currentChallenge)
            await rig.controller.handle(.quit)
            let events = await synth.finish()
            try #require(sentWithinHold, "the 100 positions took longer than the hold to send; no burst was made")

            let noteOns = events.enumerated().filter { if case .noteOn(_, _, let v) = $0.element, v > 0 { true } else { false } }
            try #require(noteOns.count >= 2, "\(events.count) events")
            guard case .noteOn(let channel, let key, _) = noteOns[1].element else { return }
            // After the held note's note-on (its own start bend comes before it), up to its release.
            let afterStart = events[(noteOns[1].offset + 1)...]
            let end = afterStart.firstIndex { if case .noteOff = $0 { true } else { false } } ?? events.endIndex
            let routed = events[(noteOns[1].offset + 1)..<end].compactMap { event -> PitchBend? in
                if case .pitchBend(let on, let bend) = event, on == channel { bend } else { nil }
            }
            print("burst: \(routed.count) routed bends for 100 positions read in one go")
            #expect(routed.count == 1, "one bend for the burst, not one per position: \(routed.count)")
            // That bend is the newest position's, by the challenge's own mapping.
            let mapping = rig.controller.controllerInput.decoder.mapping
            let target = challenge.targetFrequency(.standard).shifted(by: mapping.cents(at: Int(last), of: 127))
            let expected = try #require(rig.player.tuning.placement(of: target, on: key))
            #expect(routed.last == expected.bend, "the burst's bend is its newest position's")
            #expect(told, "the main actor heard the burst's position though nothing followed it")
            #expect(tuned.map { abs(Cents.between(target, and: $0).value) < 1e-9 } == true,
                    "the position told is the newest: \(String(describing: tuned)) vs \(target)")
        }

        @Test func afterAStopDuringAFloodNoBendOrNoteOnFollows() async throws {
            let rig = try await makeRig()
            defer { rig.close() }
            let synth = Draining(rig.synth)
            try await rig.atTheTunableNote()
            let knob = rig.knob
            let flooding = Task { @MainActor in try? await self.flood(knob, count: 3000, gap: .microseconds(300)) }
            try await Task.sleep(for: .milliseconds(150))
            await rig.controller.handle(.back)   // stops while the flood goes on
            _ = await flooding.value
            await rig.controller.handle(.quit)

            let events = await synth.finish()
            let noteOns = events.enumerated().filter { if case .noteOn(_, _, let v) = $0.element, v > 0 { true } else { false } }
            try #require(noteOns.count >= 2)
            guard case .noteOn(let channel, _, _) = noteOns[1].element else { return }
            let silence = try #require(events.lastIndex(of: .controlChange(channel: channel, controller: 120, value: 0)),
                                       "the stop silenced the held note's channel")
            let routedDuringFlood = events[noteOns[1].offset..<silence].filter {
                if case .pitchBend(let on, _) = $0, on == channel { true } else { false }
            }.count
            #expect(routedDuringFlood > 5, "the flood was routed before the stop")
            let after = events[(silence + 1)...].filter { event in
                switch event {
                case .pitchBend(let on, let bend): on == channel && bend != .center
                case .noteOn(_, _, let velocity): velocity > 0
                case .noteOff, .controlChange, .programChange: false
                }
            }
            #expect(after.isEmpty, "nothing bends or sounds after the stop: \(after.prefix(5))")
            #expect(notesLeftOn(events).isEmpty)
        }
    }
}

@MainActor
func waitFor(seconds: Double, _ condition: @MainActor () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
}
