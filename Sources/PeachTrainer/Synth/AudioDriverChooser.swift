import Foundation
import PeachSystem

/// Chooses FluidSynth's audio driver: PipeWire, else PulseAudio, else ALSA, else JACK — the first
/// one whose server or device is present and that this FluidSynth build supports.
public struct AudioDriverChooser: Sendable {
    public static let preference = ["pipewire", "pulseaudio", "alsa", "jack"]

    public var environment: [String: String]
    public var pathExists: @Sendable (String) -> Bool
    public var devicesInDevSnd: @Sendable () -> [String]

    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
                pathExists: @escaping @Sendable (String) -> Bool = { FileSystem.exists($0) },
                devicesInDevSnd: @escaping @Sendable () -> [String] = {
                    (try? FileSystem.entries(of: "/dev/snd")) ?? []
                }) {
        self.environment = environment
        self.pathExists = pathExists
        self.devicesInDevSnd = devicesInDevSnd
    }

    /// `supported` is what `fluidsynth -a help` lists for this build.
    public func choose(requested: String?, supported: [String]) throws(SynthLaunchError) -> String {
        if let requested {
            guard supported.isEmpty || supported.contains(requested) else {
                throw .unknownAudioDriver(requested, available: supported)
            }
            return requested
        }
        let usable = Self.preference.filter { isRunning($0) && (supported.isEmpty || supported.contains($0)) }
        // With nothing detected, ALSA is FluidSynth's own Linux default and gives the clearest error.
        return usable.first ?? "alsa"
    }

    func isRunning(_ driver: String) -> Bool {
        let runtime = environment["XDG_RUNTIME_DIR"] ?? "/run/user/\(getuid())"
        switch driver {
        case "pipewire": return pathExists(runtime + "/pipewire-0")
        case "pulseaudio": return pathExists(runtime + "/pulse/native") || environment["PULSE_SERVER"] != nil
        case "alsa": return devicesInDevSnd().contains { $0.hasPrefix("pcmC") && $0.hasSuffix("p") }
        case "jack": return pathExists("/dev/shm/jack_default_0_0") || environment["JACK_DEFAULT_SERVER"] != nil
        default: return false
        }
    }

    /// Parses `fluidsynth -a help` output: "-a options (e.g. alsa, file, jack, ...)" or one name per line.
    public static func parseSupportedDrivers(_ output: String) -> [String] {
        let known = preference + ["file", "oss", "sdl2", "portaudio"]
        let words = output.split { !$0.isLetter && !$0.isNumber }.map(String.init)
        return known.filter(words.contains)
    }
}
