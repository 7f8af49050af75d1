import Foundation
@testable import PeachApp
import PeachCore
import PeachDisciplines
import PeachMIDI
import PeachTestSupport
@testable import PeachTrainer
import Testing

/// Sequencer input reaches the trainer in batches: knob floods collapse, nothing else is lost or reordered.
@MainActor @Suite struct ControllerBatchTests {
    static let source = SequencerAddress(client: 20, port: 0)
    static let channel = MIDIChannel(0)!

    static func knob(_ value: UInt8, controller: UInt8 = 74) -> SequencerInput {
        .midi(.controlChange(channel: channel, controller: controller, value: value), source: source, receivedAtNanoseconds: 0)
    }

    static func wheel(_ position: Int, atMilliseconds ms: Int) -> SequencerInput {
        .midi(.pitchBend(channel: channel, bend: PitchBend(position)!), source: source,
              receivedAtNanoseconds: UInt64(1_000_000_000 + ms * 1_000_000))
    }

    /// A wheel push to `position` (8 quick steps from `ms`), held until `releasedAt`, then the spring back.
    static func wheelPush(to position: Int, from ms: Int = 0) -> [SequencerInput] {
        (1...8).map { wheel(position * $0 / 8, atMilliseconds: ms + 5 * $0) }
    }

    static func wheelRelease(from position: Int, at ms: Int) -> [SequencerInput] {
        [0.97, 0.8, 0.5, 0.2, 0].enumerated().map { wheel(Int(Double(position) * $0.element), atMilliseconds: ms + 2 * $0.offset) }
    }

    static func noteOn(_ note: UInt8) -> SequencerInput {
        .midi(.noteOn(channel: channel, note: MIDINote(Int(note))!, velocity: 100),
              source: source, receivedAtNanoseconds: 0)
    }

    // MARK: Coalescing rules

    @Test func aFloodOfPositionsCollapsesToTheNewest() {
        let actions = (0..<500).map { ControllerAction.setCents(Cents(Double($0) / 10)) }
        #expect(ControllerActionBatch.coalesce(actions) == [.setCents(Cents(49.9))])
    }

    @Test func relativeStepsAreSummedExactly() {
        let steps = [0.5, 0.5, -1.5, 2, 0.25, 0.5, 0.5]
        let actions = steps.map { ControllerAction.adjustByCents(Cents($0)) }
        #expect(ControllerActionBatch.coalesce(actions) == [.adjustByCents(Cents(2.75))])
    }

    @Test func commitsAndAnswersKeepTheirPlaceBetweenPositions() {
        let actions: [ControllerAction] = [.setCents(Cents(1)), .setCents(Cents(2)), .commit, .setCents(Cents(3)),
                                           .setCents(Cents(4)), .answerHigher, .adjustByCents(Cents(1)),
                                           .adjustByCents(Cents(1)), .setCents(Cents(5)), .adjustByCents(Cents(0.5))]
        #expect(ControllerActionBatch.coalesce(actions) == [.setCents(Cents(2)), .commit, .setCents(Cents(4)), .answerHigher,
                                                             .adjustByCents(Cents(2)), .setCents(Cents(5)),
                                                             .adjustByCents(Cents(0.5))])
    }

    @Test func aWheelReleaseKeepsItsPitchBeforeItsCommit() {
        // A push, the step back to the held pitch and the commit, then the next push: summed, in order.
        let actions: [ControllerAction] = [.adjustByCents(Cents(10)), .adjustByCents(Cents(20)), .adjustByCents(Cents(-5)),
                                           .commit, .adjustByCents(Cents(3))]
        #expect(ControllerActionBatch.coalesce(actions) == [.adjustByCents(Cents(25)), .commit, .adjustByCents(Cents(3))])
    }

    @Test func aDecodedWheelGestureCoalescesToItsHeldPitchThenTheCommit() {
        var decoder = ControllerDecoder(binding: ControllerBinding(source: .pitchWheel))
        let inputs = Self.wheelPush(to: 4000) + Self.wheelRelease(from: 4000, at: 600)
        let decoded = inputs.flatMap { decoder.decode($0) }
        let held = PitchWheelSettings().cents(at: 4000)
        let coalesced = ControllerActionBatch.coalesce(decoded)
        #expect(coalesced.count == 2 && coalesced.last == .commit, "\(coalesced)")
        if case .adjustByCents(let total)? = coalesced.first {
            #expect(abs(total.value - held.value) < 1e-9, "\(total) instead of the held \(held)")
        } else {
            Issue.record("no tuning before the commit: \(coalesced)")
        }
    }

    // MARK: Through the trainer

    @Test func aWheelGestureScoresThePitchHeldBeforeTheRelease() async {
        let f = TrainerFixture(decoder: ControllerDecoder(binding: ControllerBinding(source: .pitchWheel)))
        await f.controller.handle(.open(.pitchMatching))
        #expect(await eventually("tunable") { f.controller.pitchMatching.isAdjustable })
        let challenge = try! #require(f.controller.pitchMatching.currentChallenge)
        // Pushed, held, then let go: as the input thread hands it over, in three batches.
        await f.controller.handleMIDI(Self.wheelPush(to: -3000))
        await f.controller.handleMIDI([Self.wheel(-3010, atMilliseconds: 300)])
        await f.controller.handleMIDI(Self.wheelRelease(from: -3010, at: 700))
        #expect(f.controller.pitchMatching.completedCount == 1)
        let result = try! #require(f.controller.pitchMatching.lastResult)
        let held = PitchWheelSettings().cents(at: -3010)
        let expected = challenge.initialCentOffset + held
        #expect(abs(result.userCentError.value - expected.value) < 0.01,
                "scored \(result.userCentError), start \(challenge.initialCentOffset) + held \(held)")
        #expect(await eventually("the note stopped") { await f.player.handleStops == 1 }, "the commit stops the note")
    }

    @Test func learningTheWheelMidTrialNeitherTunesNorCommitsThenItsGestureDoes() async {
        let f = TrainerFixture()
        await f.controller.handle(.open(.pitchMatching))
        #expect(await eventually("tunable") { f.controller.pitchMatching.isAdjustable })
        let challenge = try! #require(f.controller.pitchMatching.currentChallenge)
        await f.controller.handle(.learnController)
        await f.controller.handleMIDI(Self.wheelPush(to: 3000))
        await f.controller.handleMIDI(Self.wheelRelease(from: 3000, at: 800))
        #expect(f.controller.controllerInput.decoder.binding?.source == .pitchWheel)
        #expect(f.controller.message?.contains("let go to commit") == true, "\(f.controller.message ?? "")")
        #expect(f.controller.pitchMatching.completedCount == 0, "the teaching push is no answer")
        #expect(f.controller.tuningActivity == 0, "nor does it tune")
        await f.controller.handleMIDI(Self.wheelPush(to: 2000, from: 2000) + Self.wheelRelease(from: 2000, at: 2500))
        let result = try! #require(f.controller.pitchMatching.lastResult)
        let expected = challenge.initialCentOffset + PitchWheelSettings().cents(at: 2000)
        #expect(abs(result.userCentError.value - expected.value) < 0.01, "scored \(result.userCentError), expected \(expected)")
    }

    @Test func aWheelGestureInOneBatchScoresTheHeldPitchToo() async {
        let f = TrainerFixture(decoder: ControllerDecoder(binding: ControllerBinding(source: .pitchWheel)))
        await f.controller.handle(.open(.pitchMatching))
        #expect(await eventually("tunable") { f.controller.pitchMatching.isAdjustable })
        let challenge = try! #require(f.controller.pitchMatching.currentChallenge)
        await f.controller.handleMIDI(Self.wheelPush(to: 5000) + Self.wheelRelease(from: 5000, at: 400))
        let result = try! #require(f.controller.pitchMatching.lastResult)
        let expected = challenge.initialCentOffset + PitchWheelSettings().cents(at: 5000)
        #expect(abs(result.userCentError.value - expected.value) < 0.01, "scored \(result.userCentError), expected \(expected)")
    }

    @Test func aBatchOfKnobPositionsTunesOnceToTheNewest() async {
        let f = TrainerFixture(decoder: ControllerDecoder(binding: ControllerBinding(source: .absolute7Bit(controller: 74))))
        await f.controller.handle(.open(.pitchMatching))
        #expect(await eventually("tunable") { f.controller.pitchMatching.isAdjustable })
        let values: [UInt8] = Array(0...127) + Array((0...126).reversed()) + [90]
        await f.controller.handleMIDI(values.map { Self.knob($0) })
        #expect(f.controller.tuningActivity == 1, "one tuning move per batch, not \(values.count)")
        let challenge = try! #require(f.controller.pitchMatching.currentChallenge)
        let expected = challenge.targetFrequency(f.settings.currentSettings.referencePitch)
            .shifted(by: f.controller.controllerInput.decoder.mapping.cents(at: 90, of: 127))
        let tuned = try! #require(f.controller.pitchMatching.tunedFrequency)
        #expect(abs(tuned.hertz - expected.hertz) < 1e-9)
    }

    @Test func aCommitBetweenPositionsScoresThePositionBeforeIt() async {
        let f = TrainerFixture(decoder: ControllerDecoder(binding: ControllerBinding(source: .absolute7Bit(controller: 74))))
        await f.controller.handle(.open(.pitchMatching))
        #expect(await eventually("tunable") { f.controller.pitchMatching.isAdjustable })
        await f.controller.handleMIDI([Self.knob(10), Self.knob(20), Self.noteOn(60), Self.knob(100), Self.knob(120)])
        #expect(f.controller.pitchMatching.completedCount == 1)
        let result = try! #require(f.controller.pitchMatching.lastResult)
        let committed = f.controller.controllerInput.decoder.mapping.cents(at: 20, of: 127)
        #expect(abs(result.userCentError.value - committed.value) < 0.01,
                "scored \(result.userCentError), the knob stood at \(committed) when the commit came")
    }

    @Test func relativeEncoderStepsInABatchAllCount() async {
        let binding = ControllerBinding(source: .relative(controller: 20, encoding: .twosComplement))
        let f = TrainerFixture(decoder: ControllerDecoder(binding: binding, relativeStep: Cents(0.5)))
        await f.controller.handle(.open(.pitchMatching))
        #expect(await eventually("tunable") { f.controller.pitchMatching.isAdjustable })
        let start = try! #require(f.controller.pitchMatching.tunedFrequency
            ?? f.controller.pitchMatching.currentChallenge?.initialFrequency(f.settings.currentSettings.referencePitch))
        await f.controller.handle(.adjust(Cents(0)))  // give the note a tuned frequency to step from
        // 37 steps up of 1 and 5 down of 1 (two's complement: 127 = −1): 32 steps of 0.5 c = 16 c.
        let steps = Array(repeating: Self.knob(1, controller: 20), count: 37) + Array(repeating: Self.knob(127, controller: 20), count: 5)
        await f.controller.handleMIDI(steps)
        let tuned = try! #require(f.controller.pitchMatching.tunedFrequency)
        #expect(abs(1200 * log2(tuned.hertz / start.hertz) - 16) < 1e-6)
    }

    // MARK: Router and queue

    @Test func announcementsReachTheOutputServiceInOrderWithControllerInput() async {
        let f = TrainerFixture(decoder: ControllerDecoder(binding: ControllerBinding(source: .absolute7Bit(controller: 74))))
        await f.controller.handle(.open(.pitchMatching))
        #expect(await eventually("tunable") { f.controller.pitchMatching.isAdjustable })
        var seen: [String] = []
        let router = SequencerInputRouter(controller: f.controller) { event in
            seen.append("announce \(event) after \(f.controller.tuningActivity) moves")
        }
        let port = SequencerAddress(client: 129, port: 0)
        await router.deliver([Self.knob(1), Self.knob(2), .announce(.portStart(port)), Self.knob(3), .announce(.portExit(port))])
        #expect(seen == ["announce \(AnnounceEvent.portStart(port)) after 1 moves",
                         "announce \(AnnounceEvent.portExit(port)) after 2 moves"])
        #expect(f.controller.tuningActivity == 2)
    }

    @Test func theQueueHandsOutEverythingQueuedInOrderThenWaits() async {
        let queue = SequencerInputQueue()
        for value in 0..<100 { queue.push(Self.knob(UInt8(value))) }
        #expect(await queue.take() == (0..<100).map { Self.knob(UInt8($0)) })
        let waiting = Task { await queue.take() }
        try? await Task.sleep(for: .milliseconds(20))
        queue.push(Self.knob(7))
        #expect(await waiting.value == [Self.knob(7)])
        queue.push(Self.knob(8))
        queue.finish()
        queue.push(Self.knob(9))
        #expect(await queue.take() == [Self.knob(8)], "what was queued before finish is still handed out")
        #expect(await queue.take() == nil)
    }

    @Test func aCancelledTakeReturnsNil() async {
        let queue = SequencerInputQueue()
        let waiting = Task { await queue.take() }
        try? await Task.sleep(for: .milliseconds(20))
        waiting.cancel()
        #expect(await waiting.value == nil)
    }

    @Test func theQueueReadsAStreamOffTheMainActor() async {
        let (stream, continuation) = AsyncStream.makeStream(of: SequencerInput.self)
        let (queue, reader) = SequencerInputQueue.fed(by: stream)
        defer { reader.cancel() }
        for value in 0..<50 { continuation.yield(Self.knob(UInt8(value))) }
        continuation.finish()
        var received: [SequencerInput] = []
        while let batch = await queue.take() { received += batch }
        #expect(received == (0..<50).map { Self.knob(UInt8($0)) })
    }
}

/// The knob routed to the tunable note (one hop on the sequencer thread): the trainer routes it when the
/// note starts, then only takes note of where the thread put the note, and a commit scores exactly that.
@MainActor @Suite struct RoutedKnobTests {
    static func tuned(_ cents: Double) -> SequencerInput { .tuned(centsFromTarget: Cents(cents), receivedAtNanoseconds: 0) }

    @Test func theKnobIsRoutedToEachTunableNoteWithThatChallengesMapping() async {
        let f = TrainerFixture(decoder: ControllerDecoder(binding: ControllerBinding(source: .absolute7Bit(controller: 74))))
        await f.controller.handle(.open(.pitchMatching))
        #expect(await eventually("routed") { await f.player.routes.count == 1 })
        let route = await f.player.routes.first!
        let challenge = f.controller.pitchMatching.currentChallenge!
        #expect(route?.target == challenge.targetFrequency(f.settings.currentSettings.referencePitch))
        #expect(route?.mapping == f.controller.controllerInput.decoder.mapping,
                "the thread and the main actor read the knob through the same mapping")
        await f.controller.handle(.commit)
        #expect(await eventually("next note routed") { await f.player.routes.count == 2 })
    }

    @Test func routedPositionsAreRecordedNotResentAndTheCommitScoresTheLastOne() async {
        let f = TrainerFixture(decoder: ControllerDecoder(binding: ControllerBinding(source: .absolute7Bit(controller: 74))))
        await f.controller.handle(.open(.pitchMatching))
        #expect(await eventually("tunable") { f.controller.pitchMatching.isAdjustable })
        // A flood the thread has bent, in three batches, the last one ending in the pedal's commit.
        await f.controller.handleMIDI((0..<200).map { Self.tuned(Double($0) / 10) })
        await f.controller.handleMIDI([Self.tuned(-3.2), Self.tuned(-3.1)])
        await f.controller.handleMIDI([Self.tuned(-2.7)])
        await f.controller.handle(.commit)
        #expect(await f.player.adjustments.isEmpty, "the main actor never sends what the thread already sent")
        let result = f.controller.pitchMatching.lastResult
        #expect(abs((result?.userCentError.value ?? 0) - -2.7) < 1e-9, "scored at the last routed position")
        #expect(result?.controllerMode == .cc7)
        #expect(f.controller.tuningActivity >= 3, "the knob light follows routed moves")
    }

    @Test func aCommitScoresWhereTheThreadLeftTheNoteEvenBeforeThatPositionWasTold() async {
        let f = TrainerFixture(decoder: ControllerDecoder(binding: ControllerBinding(source: .absolute7Bit(controller: 74))))
        await f.controller.handle(.open(.pitchMatching))
        #expect(await eventually("routed") { await f.player.routes.count == 1 })
        await f.controller.handleMIDI([Self.tuned(4.0)])
        // The thread bent on to +6.5 c; that position is not told yet when the key commits.
        await f.player.leaveKnob(at: Cents(6.5))
        await f.controller.handle(.commit)
        let result = f.controller.pitchMatching.lastResult
        #expect(abs((result?.userCentError.value ?? 0) - 6.5) < 1e-9, "scored where the knob left the note")
        #expect(await f.player.routes.dropFirst().first == .some(nil), "the knob was taken back before the commit")
    }

    @Test func aCommitWithAnUnmovedKnobScoresTheNoteAsItStarted() async {
        let f = TrainerFixture(decoder: ControllerDecoder(binding: ControllerBinding(source: .absolute7Bit(controller: 74))))
        await f.controller.handle(.open(.pitchMatching))
        #expect(await eventually("routed") { await f.player.routes.count == 1 })
        await f.controller.handle(.commit)
        let result = f.controller.pitchMatching.lastResult
        #expect(result != nil)
        #expect(result?.controllerMode == nil, "an untouched note records no controller")
    }

    @Test func midiLearnTakesTheKnobBack() async {
        let f = TrainerFixture(decoder: ControllerDecoder(binding: ControllerBinding(source: .absolute7Bit(controller: 74))))
        await f.controller.handle(.open(.pitchMatching))
        #expect(await eventually("routed") { await f.player.routes.count == 1 })
        await f.controller.handle(.learnController)
        #expect(await eventually("unrouted") { await f.player.routes.count == 2 })
        #expect(await f.player.routes.last! == nil)
    }
}
