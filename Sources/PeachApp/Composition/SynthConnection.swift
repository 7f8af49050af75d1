import Foundation
import PeachConfig
import PeachMIDI
import PeachText
import PeachTrainer

/// Finds the synth to play to: the port the user named (aconnect syntax), else a synth port on the
/// sequencer, else FluidSynth started as a child process — unless the user said `external`.
public struct SynthConnection {
    public enum Outcome: Sendable {
        case existing(SequencerPortInfo)
        case launched(SequencerPortInfo, FluidSynthProcess)

        public var port: SequencerPortInfo {
            switch self {
            case .existing(let port), .launched(let port, _): port
            }
        }
    }

    public enum Failure: Error, CustomStringConvertible {
        case noSynth(ports: [SequencerPortInfo])
        case port(PortResolutionError)
        case launch(SynthLaunchError)

        public var description: String {
            switch self {
            case .noSynth(let ports):
                tr(.synthExternalForbidsFluidSynth, ["ports": PortListing.lines(ports)])
            case .port(let error): error.description
            case .launch(let error): error.description
            }
        }
    }

    public var requestedPort: String?
    /// A requested port that is missing is an error (`--port`, or `only_chosen_synth`); otherwise
    /// (a port from the config file) Peach warns and chooses as if none had been named.
    public var strict = true
    public var synth: MIDIConfiguration.Synth
    public var soundFont: String?
    public var audioDriver: String?

    public init(requestedPort: String?, synth: MIDIConfiguration.Synth, soundFont: String?, audioDriver: String?) {
        self.requestedPort = requestedPort
        self.synth = synth
        self.soundFont = soundFont
        self.audioDriver = audioDriver
    }

    /// What Peach would do without starting anything (for `peach ports`).
    public func plan(ports: [SequencerPortInfo], ownClient: Int,
                     warn: (String) -> Void = { _ in }) throws(Failure) -> SequencerPortInfo? {
        if let requestedPort {
            do { return try PortResolver(ports: ports, ownClient: ownClient).resolve(requestedPort, for: .destination) }
            catch {
                if strict { throw .port(error) }
                warn(tr(.synthChoosingAnyway, ["error": "\(error)"]))
            }
        }
        if synth == .fluidsynth { return nil }
        if let found = SynthSelection.choose(from: ports, ownClient: ownClient) { return found }
        if synth == .external {
            throw .noSynth(ports: PortResolver(ports: ports, ownClient: ownClient).candidates(for: .destination))
        }
        return nil
    }

    /// Resolves or launches the synth. `starting` is told before FluidSynth is started (it takes seconds).
    public func connect(directory: some SequencerDirectory, starting: @Sendable (String) -> Void) async throws -> Outcome {
        if let port = try plan(ports: try await directory.ports(), ownClient: directory.ownClient, warn: starting) {
            return .existing(port)
        }
        let soundFontPath: String
        let driver: String
        do {
            soundFontPath = try SoundFontLocator().locate(requested: soundFont)
            driver = try AudioDriverChooser().choose(requested: audioDriver,
                                                     supported: FluidSynthProcess.supportedAudioDrivers())
        } catch {
            throw Failure.launch(error)
        }
        starting(tr(.synthStartingFluidSynth, ["soundFont": URL(fileURLWithPath: soundFontPath).lastPathComponent, "driver": driver]))
        let process = FluidSynthProcess(configuration: .init(soundFont: soundFontPath, audioDriver: driver))
        do {
            return .launched(try await process.start(directory: directory), process)
        } catch let error as SynthLaunchError {
            throw Failure.launch(error)
        }
    }
}
