import Testing
import PeachCore
@testable import PeachMIDI

private let one = MIDIChannel(0)!, two = MIDIChannel(1)!
private let source = SequencerAddress(client: 20, port: 0)

private func cc(_ controller: UInt8, _ value: UInt8, on channel: MIDIChannel = one) -> SequencerInput {
    .midi(.controlChange(channel: channel, controller: controller, value: value), source: source, receivedAtNanoseconds: 0)
}

private func noteOn(_ note: Int, velocity: UInt8 = 100) -> SequencerInput {
    .midi(.noteOn(channel: one, note: MIDINote(note)!, velocity: velocity), source: source, receivedAtNanoseconds: 0)
}

private func bend(_ value: Int, on channel: MIDIChannel = one) -> SequencerInput {
    .midi(.pitchBend(channel: channel, bend: PitchBend(value)!), source: source, receivedAtNanoseconds: 0)
}

private func makeDecoder(_ source: ControllerSource?, channel: ChannelFilter = .any,
                         triggers: ControllerTriggers = .default) -> ControllerDecoder {
    ControllerDecoder(binding: source.map { ControllerBinding(source: $0, channel: channel) }, triggers: triggers)
}

private func centsOf(_ actions: [ControllerAction]) -> Double? {
    guard actions.count == 1 else { return nil }
    switch actions[0] {
    case .setCents(let cents), .adjustByCents(let cents): return cents.value
    default: return nil
    }
}

@Suite struct RelativeEncodingTests {
    @Test func twosComplement() {
        #expect([1, 63, 127, 64, 0].map { RelativeEncoding.twosComplement.step($0) } == [1, 63, -1, -64, 0])
    }

    @Test func binaryOffset() {
        #expect([65, 127, 63, 0, 64].map { RelativeEncoding.binaryOffset.step($0) } == [1, 63, -1, -64, 0])
    }

    @Test func signMagnitude() {
        #expect([1, 63, 65, 127, 64, 0].map { RelativeEncoding.signMagnitude.step($0) } == [1, 63, -1, -63, 0, 0])
    }

    @Test(arguments: RelativeEncoding.allCases)
    func decoderTurnsStepsIntoCents(encoding: RelativeEncoding) {
        var decoder = makeDecoder(.relative(controller: 16, encoding: encoding))
        let upTwo: UInt8 = switch encoding { case .twosComplement, .signMagnitude: 2; case .binaryOffset: 66 }
        let downOne: UInt8 = switch encoding { case .twosComplement: 127; case .binaryOffset: 63; case .signMagnitude: 65 }
        #expect(decoder.decode(cc(16, upTwo)) == [.adjustByCents(Cents(1))])
        #expect(decoder.decode(cc(16, downOne)) == [.adjustByCents(Cents(-0.5))])
    }
}

@Suite struct SliderDecodingTests {
    @Test func absolute7BitCoversTheSpanAroundTheRandomZero() throws {
        var decoder = makeDecoder(.absolute7Bit(controller: 74))
        var random = SeededRandom(seed: 7)
        decoder.newChallenge(using: &random)
        let zero = decoder.mapping.zeroFraction
        let bottom = try #require(centsOf(decoder.decode(cc(74, 0))))
        let top = try #require(centsOf(decoder.decode(cc(74, 127))))
        #expect(abs(bottom - (-300 * zero)) < 1e-9)
        #expect(abs(top - 300 * (1 - zero)) < 1e-9)
        #expect(bottom <= -100 && top >= 100)
        #expect(decoder.decode(cc(75, 10)).isEmpty, "other controllers are not the slider")
    }

    @Test func fourteenBitPairsMSBAndLSB() throws {
        var decoder = makeDecoder(.absolute14Bit(msb: 1))
        let zero = decoder.mapping.zeroFraction
        func expected(_ position: Int) -> Double { 300 * (Double(position) / 16383 - zero) }
        #expect(decoder.decode(cc(33, 100)).isEmpty, "an LSB before any MSB has no position")
        #expect(try #require(centsOf(decoder.decode(cc(1, 64)))) == expected(64 << 7), "MSB resets the LSB")
        #expect(try #require(centsOf(decoder.decode(cc(33, 5)))) == expected(64 << 7 | 5))
        #expect(try #require(centsOf(decoder.decode(cc(33, 6)))) == expected(64 << 7 | 6), "LSB alone refines")
        // Pairs are kept per channel.
        #expect(decoder.decode(cc(33, 9, on: two)).isEmpty)
        let step = decoder.mapping.resolution(forMaximum: 16383).value
        #expect(step < 0.02, "sub-cent resolution")
    }

    @Test func channelFilter() {
        var decoder = makeDecoder(.absolute7Bit(controller: 74), channel: .only(two))
        #expect(decoder.decode(cc(74, 10, on: one)).isEmpty)
        #expect(decoder.decode(cc(74, 10, on: two)).count == 1)
    }

    @Test func announcementsYieldNothing() {
        var decoder = makeDecoder(.pitchWheel)
        #expect(decoder.decode(.announce(.clientExit(client: 128))).isEmpty)
    }
}

@Suite struct KnobMappingTests {
    @Test func randomisationAlwaysKeepsHundredCentsEachWayAndVaries() {
        var random = SeededRandom(seed: 42)
        for span in [200.0, 250, 300, 600] {
            var mapping = KnobMapping(span: Cents(span))
            var zeros: Set<Double> = []
            for _ in 0..<200 {
                mapping.randomise(using: &random)
                zeros.insert(mapping.zeroFraction)
                #expect(mapping.cents(at: 0, of: 127).value <= -100 + 1e-9)
                #expect(mapping.cents(at: 127, of: 127).value >= 100 - 1e-9)
            }
            if span > 200 { #expect(zeros.count > 150, "the answer's position moves every challenge") }
        }
    }

    @Test func randomisationIsDrivenByTheInjectedGenerator() {
        var first = KnobMapping(), second = KnobMapping()
        var a = SeededRandom(seed: 1), b = SeededRandom(seed: 1)
        first.randomise(using: &a)
        second.randomise(using: &b)
        #expect(first == second)
        #expect(first.zeroFraction != 0.5)
    }

    @Test func spanBelowTwoHundredIsRaised() {
        #expect(KnobMapping(span: Cents(50)).span == Cents(200))
        #expect(abs(KnobMapping().resolution(forMaximum: 127).value - 300.0 / 127) < 1e-12)
    }
}

@Suite struct TriggerDecodingTests {
    @Test func sustainPedalCommitsOncePerPress() {
        var decoder = makeDecoder(nil)
        #expect(decoder.decode(cc(64, 127)) == [.commit])
        #expect(decoder.decode(cc(64, 100)).isEmpty, "still held")
        #expect(decoder.decode(cc(64, 0)).isEmpty)
        #expect(decoder.decode(cc(64, 127)) == [.commit])
    }

    @Test func anyNoteOnCommitsAndAnswerNotesAnswer() {
        var decoder = makeDecoder(nil)
        #expect(decoder.decode(noteOn(67)) == [.commit])
        #expect(decoder.decode(noteOn(62)) == [.answerHigher, .commit])
        #expect(decoder.decode(noteOn(60)) == [.answerLower, .commit])
        #expect(decoder.decode(noteOn(60, velocity: 0)).isEmpty, "velocity 0 is a note-off")
    }

    @Test func configuredButtonOnly() {
        let triggers = ControllerTriggers(commit: [.controllerButton(80)], higherNote: MIDINote(48), lowerNote: nil)
        var decoder = makeDecoder(nil, triggers: triggers)
        #expect(decoder.decode(cc(64, 127)).isEmpty)
        #expect(decoder.decode(noteOn(67)).isEmpty)
        #expect(decoder.decode(noteOn(48)) == [.answerHigher])
        #expect(decoder.decode(cc(80, 127)) == [.commit])
    }

    @Test func oneChosenKeyCommitsAndOthersDoNot() {
        let triggers = ControllerTriggers(commit: [.note(MIDINote(36)!)], higherNote: nil, lowerNote: nil)
        var decoder = makeDecoder(nil, triggers: triggers)
        #expect(decoder.decode(noteOn(36)) == [.commit])
        #expect(decoder.decode(noteOn(37)).isEmpty)
    }

    @Test func theSliderWinsOverAButtonOnTheSameController() {
        var decoder = makeDecoder(.absolute7Bit(controller: 64))
        #expect(centsOf(decoder.decode(cc(64, 127))) != nil)
    }
}

@Suite struct MIDILearnTests {
    private func learn(_ inputs: [SequencerInput], triggers: ControllerTriggers = .default) -> (ControllerDecoder, [ControllerAction]) {
        var decoder = makeDecoder(nil, triggers: triggers)
        decoder.startLearning()
        let actions = inputs.flatMap { decoder.decode($0) }
        return (decoder, actions)
    }

    @Test func pitchWheelAtOnce() {
        let (decoder, actions) = learn([bend(100, on: two)])
        #expect(actions == [.learned(ControllerBinding(source: .pitchWheel, channel: .only(two)))])
        #expect(decoder.binding?.source == .pitchWheel)
        #expect(!decoder.isLearning)
    }

    @Test func fourteenBitPair() {
        let (_, actions) = learn([cc(1, 20), cc(33, 5)])
        #expect(actions == [.learned(ControllerBinding(source: .absolute14Bit(msb: 1), channel: .only(one)))])
    }

    @Test func absoluteKnob() {
        let (_, actions) = learn([cc(74, 60), cc(74, 61), cc(74, 62), cc(74, 63)])
        #expect(actions == [.learned(ControllerBinding(source: .absolute7Bit(controller: 74), channel: .only(one)))])
    }

    @Test(arguments: [([1, 1, 2, 127] as [UInt8], RelativeEncoding.twosComplement),
                      ([1, 1, 1, 1], .twosComplement),
                      ([65, 65, 63, 66], .binaryOffset),
                      ([1, 1, 65, 65], .signMagnitude)])
    func relativeEncoders(values: [UInt8], encoding: RelativeEncoding) {
        let (_, actions) = learn(values.map { cc(16, $0) })
        #expect(actions == [.learned(ControllerBinding(source: .relative(controller: 16, encoding: encoding), channel: .only(one)))])
    }

    @Test func buttonsAndNotesKeepWorkingAndAreNotLearned() {
        let (decoder, actions) = learn([cc(64, 127), noteOn(62), cc(64, 0), cc(64, 127), cc(64, 0)])
        #expect(actions == [.commit, .answerHigher, .commit, .commit])
        #expect(decoder.isLearning)
    }

    @Test func learnedControlDrivesTheSlider() {
        var (decoder, _) = learn([cc(1, 20), cc(33, 5)])
        #expect(centsOf(decoder.decode(cc(1, 64))) != nil)
    }
}

@Suite struct TapDecodingTests {
    private func stamped(_ event: MIDIEvent, at nanoseconds: Int64?) -> SequencerInput {
        .midi(event, source: source, receivedAtNanoseconds: 0, queueTime: nanoseconds.map(QueueInstant.init(nanoseconds:)))
    }

    @Test func whileTappingEveryNoteOnIsATapAtTheKernelsStampAndNothingElse() {
        var decoder = makeDecoder(.absolute7Bit(controller: 74))
        let answerKey = stamped(.noteOn(channel: MIDIChannel(9)!, note: MIDINote(62)!, velocity: 90), at: 1_234_567_890)
        #expect(decoder.decode(answerKey, tapping: true) == [.tap(at: QueueInstant(nanoseconds: 1_234_567_890), source: source)])
        #expect(decoder.decode(stamped(.noteOn(channel: one, note: MIDINote(40)!, velocity: 1), at: nil), tapping: true) == [.tap(at: nil, source: source)])
        #expect(decoder.decode(stamped(.noteOff(channel: one, note: MIDINote(62)!, velocity: 0), at: 5), tapping: true).isEmpty)
        // The knob still tunes while tapping.
        #expect(centsOf(decoder.decode(cc(74, 127), tapping: true)) != nil)
    }

    @Test func withoutTappingTheAnswerKeysAndCommitsWorkAsBefore() {
        var decoder = makeDecoder(nil)
        let higher = stamped(.noteOn(channel: one, note: MIDINote(62)!, velocity: 90), at: 1_000)
        #expect(decoder.decode(higher) == [.answerHigher, .commit])
        #expect(decoder.decode(higher, tapping: false) == [.answerHigher, .commit])
    }
}
