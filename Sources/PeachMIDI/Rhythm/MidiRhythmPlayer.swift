import PeachCore

/// The timing disciplines' `RhythmPlayer` on a synth: each click is a short note (`RhythmSound`) whose
/// note-on and note-off are put on the sequencer's real-time queue at their absolute times in one
/// `schedule`, so the kernel plays the pattern; Peach never sleeps to time a click.
///
/// Made by `MIDIOutputService.rhythmPlayer`, which hands it the service's ceiling-enforcing port and its
/// admission check: clicks obey the velocity ceiling, are refused while paused or disconnected, fade
/// with the expression ramps and are silenced by every stop, like every other note.
public struct MidiRhythmPlayer: RhythmPlayer {
    public let sound: RhythmSound
    private let port: any MIDIOutputPort
    private let admit: @Sendable () async throws -> Void
    /// Where a MIDI tap's sound is played on the sequencer thread (`echoMIDITaps`), and the ceiling it obeys there.
    private let echoes: (any TapEchoPort)?
    private let ceiling: OutputCeiling

    /// `admit` throws when no note may sound now (the service: paused, not connected). Without `echoes` every tap's
    /// sound is the caller's to play.
    public init(port: any MIDIOutputPort, sound: RhythmSound = .percussion,
                echoes: (any TapEchoPort)? = nil, ceiling: OutputCeiling = .default,
                admit: @escaping @Sendable () async throws -> Void = {}) {
        self.port = port
        self.sound = sound
        self.echoes = echoes
        self.ceiling = ceiling
        self.admit = admit
    }

    public func queueNow() async throws -> QueueInstant {
        try await port.queueNow()
    }

    public func queueWakeUps() async throws -> QueueWakeUps {
        try await port.queueWakeUps()
    }

    public func schedule(_ clicks: [RhythmClick]) async throws {
        guard !clicks.isEmpty else { return }
        try await admit()
        try await port.schedule(sound.events(for: clicks))
    }

    public func waitUntil(_ instant: QueueInstant) async throws {
        try await port.waitUntil(instant)
    }

    /// Removes the tap echo and every queued click (and the tap's note-off), ends the waits, then switches the
    /// rhythm's keys off and cuts what still rings on its channel.
    public func cancelScheduled() async throws {
        var firstError: (any Error)?
        do { try await echoes?.installTapEcho(nil) } catch { firstError = error }
        do { try await port.cancelTimed() } catch { firstError = firstError ?? error }
        do { try await port.send(sound.noteOffs + SynthSetup.silence([sound.channel])) } catch { firstError = firstError ?? error }
        if let firstError { throw firstError }
    }

    /// Installs the tap echo (`TapEcho`) where the sequencer reads the taps, admitted like a click; or removes it.
    public func echoMIDITaps(_ echo: Bool) async throws -> Bool {
        guard let echoes else { return false }
        guard echo else {
            try await echoes.installTapEcho(nil)
            return false
        }
        try await admit()
        try await echoes.installTapEcho(TapEcho(sound, ceiling: ceiling))
        return true
    }

    /// The tap's note-on at once, its note-off queued `length` later on the queue clock.
    public func playTapSound() async throws {
        try await admit()
        let stroke = sound.tap
        try await port.send([.noteOn(channel: sound.channel, note: stroke.note, velocity: stroke.velocity)])
        let now = try await port.queueNow()
        try await port.schedule([TimedMIDIEvent(.noteOff(channel: sound.channel, note: stroke.note, velocity: 0),
                                                at: now + sound.length)])
    }
}
