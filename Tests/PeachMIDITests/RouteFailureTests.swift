import Testing
import PeachCore
@testable import PeachMIDI

private let velocity = MIDIVelocity(100)!
private let target = Frequency(440)

private func knob() -> KnobRoute {
    KnobRoute(binding: ControllerBinding(source: .absolute7Bit(controller: 74)), mapping: KnobMapping(),
              relativeStep: Cents(0.5), target: target)!
}

/// A knob route the sequencer client cannot install or remove (its thread has gone) is reported with
/// the client's own words, and the note still plays, tunes and stops.
@Suite struct RouteFailureTests {
    func makePlayer() -> (MidiNotePlayer, RecordingOutputPort, RecordingLogger) {
        let port = RecordingOutputPort(), logger = RecordingLogger()
        return (MidiNotePlayer(port: port, configuration: MidiNotePlayerConfiguration(), routes: port, logger: logger), port, logger)
    }

    @Test func aRouteThatCannotBeInstalledIsLoggedAndTheKnobTunesThroughThePlayer() async throws {
        let (player, port, logger) = makePlayer()
        let handle = try await player.play(frequency: target, velocity: velocity, amplitudeDB: .unchanged) as! KnobRoutable
        await port.setFailRouteChanges(true)
        await handle.routeKnob(knob())
        let warnings = logger.entries.filter { $0.level == .warning }.map(\.message)
        #expect(warnings.count == 1 && warnings[0].contains("the knob could not be routed")
                    && warnings[0].hasSuffix(": the sequencer client has been closed"), "\(logger.entries)")
        #expect(await port.route == nil)

        // The knob's events reach the note the slow way; the route is not retried on every one.
        try await handle.adjustFrequency(target.shifted(by: Cents(20)))
        #expect(SynthState(await port.delivered).bends.values.contains { $0 != .center }, "the note was bent")
        #expect(logger.entries.count == 1)
        #expect(await handle.takeKnob() == nil, "no route moved it")
        try await handle.stop()
        #expect(SynthState(await port.delivered).soundingKeys.isEmpty)
    }

    @Test func aRouteThatCannotBeRemovedIsLoggedAndTheNoteStillStops() async throws {
        let (player, port, logger) = makePlayer()
        let handle = try await player.play(frequency: target, velocity: velocity, amplitudeDB: .unchanged) as! KnobRoutable
        await handle.routeKnob(knob())
        #expect(await port.route?.key == .a4)
        await port.setFailRouteChanges(true)
        try await handle.stop()
        let errors = logger.entries.filter { $0.level == .error }.map(\.message)
        #expect(errors.count == 1 && errors[0].contains("could not be removed")
                    && errors[0].hasSuffix(": the sequencer client has been closed"), "\(logger.entries)")
        #expect(SynthState(await port.delivered).soundingKeys.isEmpty, "the note-off went out")
    }

    @Test func stopAllGoesOnWhenTheRouteCannotBeRemoved() async throws {
        let (player, port, logger) = makePlayer()
        let handle = try await player.play(frequency: target, velocity: velocity, amplitudeDB: .unchanged) as! KnobRoutable
        await handle.routeKnob(knob())
        await port.setFailRouteChanges(true)
        try await player.stopAll()
        #expect(logger.entries.map(\.level) == [.error])
        #expect(SynthState(await port.delivered).soundingKeys.isEmpty)
    }
}
