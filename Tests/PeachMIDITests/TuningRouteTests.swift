import Testing
import PeachCore
@testable import PeachMIDI

private let one = MIDIChannel(0)!, two = MIDIChannel(1)!
private let velocity = MIDIVelocity(100)!
private let target = Frequency(440)

private func knob(_ source: ControllerSource, channel: ChannelFilter = .any) -> KnobRoute {
    KnobRoute(binding: ControllerBinding(source: source, channel: channel), mapping: KnobMapping(),
              relativeStep: Cents(0.5), target: target)!
}

private func route(_ knob: KnobRoute, centsFromTarget: Cents = Cents(30)) -> TuningRoute {
    TuningRoute(knob: knob, channel: two, key: .a4, bend: .center, centsFromTarget: centsFromTarget, tuning: BendTuning())
}

private func cc(_ controller: UInt8, _ value: UInt8, on channel: MIDIChannel = one) -> MIDIEvent {
    .controlChange(channel: channel, controller: controller, value: value)
}

/// The knob → bend step the sequencer thread runs: the same bend the main actor's path would send.
@Suite struct TuningRouteTests {
    /// The route bends by offset arithmetic (no pow or log per event); over every position of a 7-bit
    /// knob, on calibrated synths (mistuned keys, a short bend scale, a 7-bit bend, a whole-cent floor,
    /// another concert pitch), it sends exactly the bend of placing the position's frequency on the key.
    @Test(arguments: [
        SynthProfile.generalMIDI,
        SynthProfile.fluidSynth2,
        SynthProfile(name: "calibrated 7-bit", centsPerBendSemitone: 97, pitchResolution: .zero, rounding: .nearest,
                     concertPitch: ReferencePitch(hertz: 442)!,
                     keyTuning: KeyTuning(offsets: [.a4: Cents(-5.6), MIDINote(70)!: Cents(12.3)]), bendResolutionBits: 7),
    ])
    func everyPositionGivesThePlacedBend(_ profile: SynthProfile) {
        let tuning = BendTuning(profile: profile)
        for key in [MIDINote.a4, MIDINote(70)!] {
            let routedKnob = KnobRoute(binding: ControllerBinding(source: .absolute7Bit(controller: 74)),
                                       mapping: KnobMapping(span: Cents(180)), relativeStep: Cents(0.5),
                                       target: target.shifted(by: Cents(-17.3)))!
            var route = TuningRoute(knob: routedKnob, channel: two, key: key, bend: .center, centsFromTarget: .zero, tuning: tuning)
            for value in 0...127 {
                let cents = routedKnob.mapping.cents(at: value, of: 127)
                let placed = tuning.placement(of: routedKnob.target.shifted(by: cents), on: key)
                switch route.apply(cc(74, UInt8(value))) {
                case .bent(let event, _): #expect(event == .pitchBend(channel: two, bend: placed!.bend), "\(profile) \(key) \(value)")
                case .unchanged: #expect(placed?.bend == route.bend, "\(profile) \(key) \(value)")
                case .outOfRange: #expect(placed == nil, "\(profile) \(key) \(value)")
                case .notMine, .absorbed: Issue.record("the routed knob's own position")
                }
            }
        }
    }

    @Test func anAbsoluteKnobGivesTheBendOfItsMappedPositionOnTheHeldKey() {
        let routedKnob = knob(.absolute7Bit(controller: 74))
        var route = route(routedKnob)
        let expected = BendTuning().placement(of: target.shifted(by: routedKnob.mapping.cents(at: 80, of: 127)), on: .a4)!
        #expect(route.apply(cc(74, 80)) == .bent(.pitchBend(channel: two, bend: expected.bend),
                                                 centsFromTarget: routedKnob.mapping.cents(at: 80, of: 127)))
        #expect(route.apply(cc(74, 80)) == .unchanged(centsFromTarget: routedKnob.mapping.cents(at: 80, of: 127)),
                "the same position twice sends one bend")
        #expect(route.apply(cc(75, 80)) == .notMine)
        #expect(route.apply(.noteOn(channel: one, note: .a4, velocity: 100)) == .notMine)
    }

    @Test func aFourteenBitKnobWaitsForItsMSBAndRefinesWithTheLSB() {
        let routedKnob = knob(.absolute14Bit(msb: 1))
        var route = route(routedKnob)
        #expect(route.apply(cc(33, 5)) == .absorbed, "an LSB before any MSB has no position")
        guard case .bent = route.apply(cc(1, 80)) else { Issue.record("MSB should bend"); return }
        let fine = routedKnob.mapping.cents(at: 80 << 7 | 100, of: 16383)
        #expect(route.apply(cc(33, 100)) == .bent(.pitchBend(channel: two, bend: BendTuning().placement(of: target.shifted(by: fine), on: .a4)!.bend),
                                                  centsFromTarget: fine))
    }

    @Test func aRelativeEncoderStepsFromWhereTheNoteIs() {
        var route = route(knob(.relative(controller: 20, encoding: .binaryOffset)), centsFromTarget: Cents(30))
        guard case .bent(_, let cents) = route.apply(cc(20, 66)) else { Issue.record("a step should bend"); return }
        #expect(cents == Cents(31), "two steps of 0.5 c up from 30 c")
        #expect(route.centsFromTarget == Cents(31))
    }

    @Test func otherChannelsAreNotTheKnobs() {
        var route = route(knob(.absolute7Bit(controller: 74), channel: .only(two)))
        #expect(route.apply(cc(74, 80, on: one)) == .notMine)
        guard case .bent = route.apply(cc(74, 80, on: two)) else { Issue.record("its channel should bend"); return }
    }

    @Test func beyondTheKeysBendRangeTheRouteStepsAside() {
        // A mapping that puts the knob's top 200 c above a target on another key than the held one.
        var route = TuningRoute(knob: knob(.absolute7Bit(controller: 74)), channel: two, key: MIDINote(60)!,
                                bend: .center, centsFromTarget: .zero, tuning: BendTuning())
        #expect(route.apply(cc(74, 127)) == .outOfRange)
    }

    @Test func thePitchWheelIsNeverRouted() {
        #expect(KnobRoute(binding: ControllerBinding(source: .pitchWheel), mapping: KnobMapping(),
                          relativeStep: Cents(0.5), target: target) == nil)
        #expect(KnobRoute(binding: nil, mapping: KnobMapping(), relativeStep: Cents(0.5), target: target) == nil)
    }
}

/// The player installs the route on the held note, moves it with the note, and removes it before the
/// note-off on every stop path, so a route never bends a stopped note.
@Suite struct RoutedPlayerTests {
    func makePlayer() -> (MidiNotePlayer, RecordingOutputPort) {
        let port = RecordingOutputPort()
        return (MidiNotePlayer(port: port, configuration: MidiNotePlayerConfiguration(), routes: port), port)
    }

    @Test func theRouteIsInstalledOnTheHeldKeyAndRemovedBeforeTheNoteOff() async throws {
        let (player, port) = makePlayer()
        let handle = try await player.play(frequency: target.shifted(by: Cents(30)), velocity: velocity, amplitudeDB: .unchanged)
        guard let routable = handle as? KnobRoutable else { Issue.record("held notes are routable"); return }
        await routable.routeKnob(knob(.absolute7Bit(controller: 74)))
        #expect(await port.route?.key == .a4)
        try await handle.stop()
        let log = await port.log
        let removal = log.firstIndex(of: .route(key: nil))
        let noteOff = log.firstIndex { if case .now(let events) = $0 { events.contains { if case .noteOff = $0 { true } else { false } } } else { false } }
        #expect(removal != nil && noteOff != nil && removal! < noteOff!, "route removed before the note-off: \(log)")
        #expect(await port.route == nil)
    }

    @Test func stopAllRemovesTheRouteFirst() async throws {
        let (player, port) = makePlayer()
        let handle = try await player.play(frequency: target, velocity: velocity, amplitudeDB: .unchanged) as! KnobRoutable
        await handle.routeKnob(knob(.absolute7Bit(controller: 74)))
        try await player.stopAll()
        let log = await port.log
        #expect(log.firstIndex(of: .route(key: nil))! < log.firstIndex(of: .cancelScheduled)!)
    }

    @Test func aRetriggerMovesTheRouteToTheNewKeyAndAKeyboardMoveRebasesIt() async throws {
        let (player, port) = makePlayer()
        let handle = try await player.play(frequency: target, velocity: velocity, amplitudeDB: .unchanged) as! KnobRoutable
        await handle.routeKnob(knob(.relative(controller: 20, encoding: .binaryOffset)))
        try await handle.adjustFrequency(target.shifted(by: Cents(430)))  // beyond ±200 c of A4: retrigger
        #expect(await port.route?.key == MIDINote(73)!, "the route follows the note to C#5")
        #expect(abs((await port.route?.centsFromTarget.value ?? 0) - 430) < 1e-9)
        try await handle.adjustFrequency(target.shifted(by: Cents(420)))
        #expect(abs((await port.route?.centsFromTarget.value ?? 0) - 420) < 1e-9, "relative steps go on from a keyboard move")
    }

    @Test func takingTheKnobBackSaysWhereItLeftTheNoteAndKeyboardStepsGoOnFromThere() async throws {
        let (player, port) = makePlayer()
        let handle = try await player.play(frequency: target, velocity: velocity, amplitudeDB: .unchanged) as! KnobRoutable
        await handle.routeKnob(knob(.relative(controller: 20, encoding: .binaryOffset)))
        #expect(await handle.takeKnob() == nil, "a knob that never moved leaves nothing to score")
        await handle.routeKnob(knob(.relative(controller: 20, encoding: .binaryOffset)))
        for _ in 0..<8 { _ = await port.applyRoute(to: cc(20, 65)) }  // 8 steps of +0.5 c on the thread
        let left = await handle.takeKnob()
        #expect(left.map { abs($0.value - 4) < 1e-9 } == true, "the knob left the note 4 c up: \(String(describing: left))")
        #expect(await port.route == nil, "taken back: no bend follows")
        // A keyboard step to where the knob left it sends nothing (the voice knows its bend).
        await port.clear()
        try await handle.adjustFrequency(target.shifted(by: Cents(4)))
        let sent = await port.log
        #expect(sent.isEmpty, "the voice took over the route's bend: \(sent)")
    }

    @Test func aStoppedNoteIsNeverRouted() async throws {
        let (player, port) = makePlayer()
        let handle = try await player.play(frequency: target, velocity: velocity, amplitudeDB: .unchanged) as! KnobRoutable
        try await handle.stop()
        await handle.routeKnob(knob(.absolute7Bit(controller: 74)))
        #expect(await port.route == nil)
    }
}

/// As the app wires it: the output service sends through the stuck-note tracker and installs knob routes
/// on the sequencer client it is given, whatever wraps the sending side.
@Suite struct RoutedServiceTests {
    @Test func aHeldNoteOfTheServiceRoutesTheKnobThroughTheTracker() async throws {
        let port = RecordingOutputPort()
        let tracked = SoundingNoteTracker(port) { _ in }
        let service = MIDIOutputService(port: tracked, directory: FakeDirectory(ports: []), ownOutput: SequencerAddress(client: 130, port: 0),
                                        clock: VirtualClock(), configuration: MidiNotePlayerConfiguration(profile: .generalMIDI),
                                        routes: port)
        try await service.connect(to: SequencerPortInfo(address: SequencerAddress(client: 128, port: 0), clientName: "Synth",
                                                        portName: "in", clientKind: .user,
                                                        capabilities: [.write, .subscribeWrite], types: [.synthesizer]))
        let handle = try await service.play(frequency: target, velocity: velocity, amplitudeDB: .unchanged)
        await (handle as? KnobRoutable)?.routeKnob(knob(.absolute7Bit(controller: 74)))
        #expect(await port.route?.key == .a4, "the route reached the sequencer client")
    }
}
