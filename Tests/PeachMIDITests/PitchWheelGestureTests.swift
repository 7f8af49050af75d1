import Testing
import PeachCore
@testable import PeachMIDI

private let one = MIDIChannel(0)!
private let source = SequencerAddress(client: 20, port: 0)

/// One wheel position and when it arrived, in milliseconds from the start of the test.
private typealias Sample = (position: Int, ms: Double)

private func bend(_ position: Int, at ms: Double) -> SequencerInput {
    .midi(.pitchBend(channel: one, bend: PitchBend(position)!), source: source,
          receivedAtNanoseconds: UInt64(1_000_000_000 + ms * 1_000_000))
}

private func pedal(_ value: UInt8, at ms: Double) -> SequencerInput {
    .midi(.controlChange(channel: one, controller: 64, value: value), source: source,
          receivedAtNanoseconds: UInt64(1_000_000_000 + ms * 1_000_000))
}

private func makeWheel(_ settings: PitchWheelSettings = PitchWheelSettings()) -> ControllerDecoder {
    ControllerDecoder(binding: ControllerBinding(source: .pitchWheel),
                      triggers: ControllerTriggers(wheel: settings))
}

private extension ControllerDecoder {
    mutating func play(_ samples: [Sample]) -> [ControllerAction] {
        samples.flatMap { decode(bend($0.position, at: $0.ms)) }
    }
}

/// The tuning the actions add up to (relative steps).
private func tuning(_ actions: [ControllerAction]) -> Double {
    actions.reduce(0) { sum, action in
        if case .adjustByCents(let cents) = action { return sum + cents.value }
        return sum
    }
}

private func commits(_ actions: [ControllerAction]) -> Int { actions.filter { $0 == .commit }.count }

private func cents(_ position: Int, _ settings: PitchWheelSettings = PitchWheelSettings()) -> Double {
    settings.cents(at: position).value
}

/// A push out to `to` in `steps` quick steps from `start` ms, 5 ms apart.
private func push(to target: Int, from origin: Int = 0, startingAt start: Double, steps: Int = 8) -> [Sample] {
    (1...steps).map { (origin + (target - origin) * $0 / steps, start + Double($0 - 1) * 5) }
}

/// The spring back from `from` into the dead zone: fast, 2 ms apart, ending at 0.
private func springBack(from position: Int, startingAt start: Double) -> [Sample] {
    let passed = [0.97, 0.8, 0.55, 0.3, 0.1, 0.0]
    return passed.enumerated().map { (Int(Double(position) * $0.element), start + Double($0.offset) * 2) }
}

@Suite struct PitchWheelGestureTests {
    // MARK: Tuning while pushed

    @Test func tuningFollowsTheWheelFromThePitchThePushBeganAt() {
        var decoder = makeWheel()
        var sum = 0.0
        for (position, ms) in push(to: 6000, startingAt: 0) + push(to: -3000, from: 6000, startingAt: 100) {
            sum += tuning(decoder.decode(bend(position, at: ms)))
            #expect(abs(sum - cents(position)) < 1e-9, "at \(position)")
        }
        #expect(cents(257) > 0 && cents(257) < 0.02, "no jump at the dead zone's edge")
        #expect(abs(cents(-8192) + 150) < 1e-9 && cents(8191) > 149.9, "full travel reaches ±150 c")
    }

    @Test func aWheelMerelyTouchedDoesNothing() {
        var decoder = makeWheel()
        #expect(decoder.play([(100, 0), (256, 20), (-250, 40), (30, 60), (0, 80)]).isEmpty)
        var wide = makeWheel(PitchWheelSettings(deadZone: 1000))
        #expect(wide.play([(900, 0), (-999, 200), (0, 400)]).isEmpty, "a configured dead zone is honoured")
    }

    @Test func jitterInsideTheDeadZoneAtRestDoesNothing() {
        var decoder = makeWheel()
        let jitter: [Sample] = (0..<50).map { index in
            let size = 50 + index * 4
            return (index % 2 == 0 ? size : -size, Double(index) * 7)
        }
        #expect(decoder.play(jitter).isEmpty)
    }

    // MARK: Letting go

    @Test func lettingGoCommitsThePositionHeldBeforeTheSpringBack() {
        var decoder = makeWheel()
        let tuned = decoder.play(push(to: 4000, startingAt: 0))
        #expect(commits(tuned) == 0)
        // Held still (no events) from 35 ms to 600 ms, then let go.
        let released = decoder.play(springBack(from: 4000, startingAt: 600))
        #expect(released.last == .commit)
        #expect(commits(released) == 1)
        let total = tuning(tuned + released)
        #expect(abs(total - cents(4000)) < 1e-9, "committed \(total) c, held \(cents(4000)) c")
        // The first spring-back sample (3880) is within the jitter tolerance of 4000, yet not what is committed.
        #expect(abs(total - cents(3880)) > 2)
        // The pitch is put back in one step just before the commit: the trainer sees [adjust, commit].
        #expect(released.suffix(2).first.map { if case .adjustByCents = $0 { true } else { false } } == true)
    }

    @Test func pushingDownWorksTheSameWay() {
        var decoder = makeWheel()
        let actions = decoder.play(push(to: -2500, startingAt: 0) + springBack(from: -2500, startingAt: 400))
        #expect(commits(actions) == 1)
        #expect(abs(tuning(actions) - cents(-2500)) < 1e-9)
    }

    @Test func jitterWhileHeldStillCountsAsStill() {
        var decoder = makeWheel()
        // Resting at 4000 with a noisy wheel: ±1 step of a 7-bit wheel (128) every 25 ms, mostly at 4000.
        var samples = push(to: 4000, startingAt: 0)
        var ms = 40.0
        for round in 0..<8 {
            samples.append((round % 2 == 0 ? 4128 : 3872, ms)); ms += 10
            samples.append((4000, ms)); ms += 30
        }
        let actions = decoder.play(samples + springBack(from: 4000, startingAt: ms))
        #expect(commits(actions) == 1, "no single position dwelt 150 ms, yet the wheel was held still")
        #expect(abs(tuning(actions) - cents(4000)) < 1e-9, "the position it rested at longest")
    }

    @Test func aWheelRepeatingItsPositionWhileHeldIsStill() {
        var decoder = makeWheel()
        // Some wheels resend their position every few ms: 4000 for 300 ms in 20 ms repeats, then a
        // nudge to 4100 (within the jitter tolerance) for 100 ms, less than a hold, then let go.
        let repeats: [Sample] = (0..<15).map { (4000, 40 + Double($0) * 20) }
        let actions = decoder.play(push(to: 4000, startingAt: 0) + repeats + [(4100, 340)]
                                   + springBack(from: 4100, startingAt: 440))
        #expect(commits(actions) == 1)
        #expect(abs(tuning(actions) - cents(4000)) < 1e-9, "the repeats are one hold of 300 ms")
    }

    @Test func theLastSteadyHoldWinsOverAnEarlierLongerOne() {
        var decoder = makeWheel()
        let samples = push(to: 3000, startingAt: 0) + push(to: 5000, from: 3000, startingAt: 1000)
            + springBack(from: 5000, startingAt: 1300)
        let actions = decoder.play(samples)
        #expect(commits(actions) == 1)
        #expect(abs(tuning(actions) - cents(5000)) < 1e-9)
    }

    @Test func aMoveTooShortToBeAHoldFallsBackToTheHoldBefore() {
        var decoder = makeWheel()
        // 3000 held for a second; then 5000 for 80 ms only (less than 150 ms) before letting go.
        let samples = push(to: 3000, startingAt: 0) + push(to: 5000, from: 3000, startingAt: 1000, steps: 2)
            + springBack(from: 5000, startingAt: 1085)
        let actions = decoder.play(samples)
        #expect(commits(actions) == 1)
        #expect(abs(tuning(actions) - cents(3000)) < 1e-9)
    }

    @Test func aFlickWithoutAHoldCommitsNothingAndPutsTheNoteBack() {
        var decoder = makeWheel()
        let actions = decoder.play(push(to: 6000, startingAt: 0) + springBack(from: 6000, startingAt: 50))
        #expect(commits(actions) == 0)
        #expect(abs(tuning(actions)) < 1e-9, "back where the push began")
        #expect(!actions.isEmpty, "it did tune on the way")
    }

    @Test func theHoldTimeIsConfigurable() {
        let slow = PitchWheelSettings(holdTime: .milliseconds(500))
        var decoder = makeWheel(slow)
        let short = decoder.play(push(to: 4000, startingAt: 0) + springBack(from: 4000, startingAt: 300))
        #expect(commits(short) == 0, "265 ms is no hold at 500 ms")
        let long = decoder.play(push(to: 4000, startingAt: 1000) + springBack(from: 4000, startingAt: 1700))
        #expect(commits(long) == 1)
        #expect(abs(tuning(long) - cents(4000, slow)) < 1e-9)
    }

    // MARK: Other commits and challenges

    @Test func aPedalCommitWhileTheWheelIsHeldEndsThePush() {
        var decoder = makeWheel()
        let tuned = decoder.play(push(to: 4000, startingAt: 0))
        #expect(decoder.decode(pedal(127, at: 500)) == [.commit], "the pedal commits while the wheel is held")
        #expect(abs(tuning(tuned) - cents(4000)) < 1e-9, "at the pitch the wheel holds")
        // The rest of the push and its return belong to the trial just answered: nothing.
        let after = decoder.play([(4500, 600), (4400, 900)] + springBack(from: 4400, startingAt: 1000))
        #expect(after.isEmpty, "\(after)")
        #expect(decoder.decode(pedal(0, at: 1100)).isEmpty)
        // The next push works again.
        let next = decoder.play(push(to: 2000, startingAt: 2000) + springBack(from: 2000, startingAt: 2400))
        #expect(commits(next) == 1)
        #expect(abs(tuning(next) - cents(2000)) < 1e-9)
    }

    @Test func aKeyCommitWhileTheWheelIsHeldEndsThePushToo() {
        var decoder = makeWheel()
        _ = decoder.play(push(to: -4000, startingAt: 0))
        let key = SequencerInput.midi(.noteOn(channel: one, note: MIDINote(67)!, velocity: 90), source: source,
                                      receivedAtNanoseconds: 1_500_000_000)
        #expect(decoder.decode(key) == [.commit])
        #expect(decoder.play(springBack(from: -4000, startingAt: 700)).isEmpty)
    }

    @Test func aSecondGestureInTheNextChallengeStartsFromItsOwnPitch() {
        var decoder = makeWheel()
        var random = SeededRandom(seed: 3)
        decoder.newChallenge(using: &random)
        let first = decoder.play(push(to: 4000, startingAt: 0) + springBack(from: 4000, startingAt: 500))
        #expect(commits(first) == 1)
        #expect(abs(tuning(first) - cents(4000)) < 1e-9)
        decoder.newChallenge(using: &random)
        let second = decoder.play(push(to: -1500, startingAt: 2000) + springBack(from: -1500, startingAt: 2400))
        #expect(commits(second) == 1)
        #expect(abs(tuning(second) - cents(-1500)) < 1e-9, "relative to the new note, nothing left over")
    }

    @Test func aPushHeldIntoANewChallengeIsIgnoredUntilLetGo() {
        var decoder = makeWheel()
        var random = SeededRandom(seed: 4)
        _ = decoder.play(push(to: 4000, startingAt: 0))
        decoder.newChallenge(using: &random)
        #expect(decoder.play([(4200, 600)] + springBack(from: 4200, startingAt: 800)).isEmpty)
        #expect(commits(decoder.play(push(to: 1000, startingAt: 1000) + springBack(from: 1000, startingAt: 1400))) == 1)
    }

    // MARK: MIDI learn

    @Test func learningTheWheelPicksTheGestureAndIgnoresTheTeachingPush() {
        var decoder = ControllerDecoder(binding: nil)
        decoder.startLearning()
        #expect(decoder.decode(bend(3000, at: 0)) == [.learned(ControllerBinding(source: .pitchWheel, channel: .only(one)))])
        let teaching = decoder.play([(5000, 20), (5000, 400)] + springBack(from: 5000, startingAt: 600))
        #expect(teaching.isEmpty, "the push that taught the wheel neither tunes nor commits: \(teaching)")
        let gesture = decoder.play(push(to: 3000, startingAt: 1000) + springBack(from: 3000, startingAt: 1400))
        #expect(commits(gesture) == 1)
        #expect(abs(tuning(gesture) - cents(3000)) < 1e-9)
        #expect(ControllerBinding(source: .pitchWheel).description.contains("let go to commit"),
                "the learned message tells how the wheel works")
    }
}
