import PeachCore
import PeachMIDI

/// The output of a trainer with nothing to play on (`peach web` without a sequencer or a synth): training cannot
/// start, and says why; every other screen works. Nothing here ever sounds, so nothing can be left sounding.
public struct SoundlessOutput: NotePlayer, TrainingOutput, Sendable {
    /// Why there is no sound, and what to do: the error a start is refused with.
    public struct Missing: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    public let reason: String

    public init(reason: String) { self.reason = reason }

    private var missing: Missing { Missing(description: reason) }

    public func play() async throws { throw missing }
    public func stop(fadeOut: Duration?) async {}
    public func pause(_ reason: PauseReason) async {}

    public func play(frequency: Frequency, duration: Duration, velocity: MIDIVelocity, amplitudeDB: AmplitudeDB) async throws {
        throw missing
    }

    public func play(frequency: Frequency, velocity: MIDIVelocity, amplitudeDB: AmplitudeDB) async throws -> any PlaybackHandle {
        throw missing
    }

    public func stopAll() async throws {}
    public func rest(for duration: Duration) async throws { throw missing }
}
