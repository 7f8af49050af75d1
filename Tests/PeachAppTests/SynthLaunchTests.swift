import Foundation
@testable import PeachApp
import PeachDisciplines
import PeachMIDI
import PeachTestSupport
@testable import PeachTrainer
import Testing

@Suite struct SoundFontLocatorTests {
    @Test func prefersTheRequestedFile() throws {
        let locator = SoundFontLocator(fileExists: { $0.hasSuffix("FluidR3_GM.sf2") }, checkRequested: { _ in })
        #expect(try locator.locate(requested: "/mine.sf2") == "/mine.sf2")
    }

    @Test func aMissingRequestedFileIsAnErrorNotAFallback() {
        let locator = SoundFontLocator(fileExists: { $0.hasSuffix("FluidR3_GM.sf2") })
        #expect(throws: SynthLaunchError.soundFontUnusable(.missing(path: "/nope.sf2"))) { try locator.locate(requested: "/nope.sf2") }
    }

    @Test func defaultGMThenFluidR3() throws {
        #expect(try SoundFontLocator(fileExists: { _ in true }).locate(requested: nil) == "/usr/share/sounds/sf2/default-GM.sf2")
        #expect(try SoundFontLocator(fileExists: { $0.hasSuffix("FluidR3_GM.sf2") }).locate(requested: nil)
                == "/usr/share/sounds/sf2/FluidR3_GM.sf2")
    }

    @Test func noSoundFontNamesTheDebianPackage() {
        let error = #expect(throws: SynthLaunchError.self) { try SoundFontLocator(fileExists: { _ in false }).locate(requested: nil) }
        #expect(error?.description.contains("sudo apt-get install fluid-soundfont-gm") == true)
    }
}

@Suite struct AudioDriverChooserTests {
    func chooser(existing: Set<String> = [], devices: [String] = []) -> AudioDriverChooser {
        AudioDriverChooser(environment: ["XDG_RUNTIME_DIR": "/run/user/7"], pathExists: { existing.contains($0) },
                           devicesInDevSnd: { devices })
    }

    let debianBuild = ["alsa", "file", "jack", "oss", "pulseaudio", "sdl2"]

    @Test func parsesFluidSynthsDriverList() {
        let output = "-a options (audio driver):\n   'alsa','file','jack','oss','pulseaudio','sdl2'\n"
        #expect(AudioDriverChooser.parseSupportedDrivers(output) == ["pulseaudio", "alsa", "jack", "file", "oss", "sdl2"])
    }

    @Test func pipeWireFirstWhenTheBuildHasIt() throws {
        let both = chooser(existing: ["/run/user/7/pipewire-0", "/run/user/7/pulse/native"])
        #expect(try both.choose(requested: nil, supported: debianBuild + ["pipewire"]) == "pipewire")
        // Debian 12's FluidSynth has no PipeWire driver: PipeWire's pulse socket is used instead.
        #expect(try both.choose(requested: nil, supported: debianBuild) == "pulseaudio")
    }

    @Test func alsaWhenOnlyAPlaybackDeviceExists() throws {
        #expect(try chooser(devices: ["controlC0", "pcmC0D0p", "seq"]).choose(requested: nil, supported: debianBuild) == "alsa")
        #expect(try chooser(devices: ["controlC0", "pcmC0D0c"]).choose(requested: nil, supported: debianBuild) == "alsa")
    }

    @Test func requestedDriverMustExistInTheBuild() {
        #expect(throws: SynthLaunchError.unknownAudioDriver("pipewire", available: debianBuild)) {
            try chooser().choose(requested: "pipewire", supported: debianBuild)
        }
    }
}

/// A directory that reports the fake synth's port once the fake process has written its marker file.
private struct MarkerDirectory: SequencerDirectory {
    let marker: String
    let clientName: String
    var ownClient: Int { 128 }
    func ports() async throws -> [SequencerPortInfo] {
        guard FileManager.default.fileExists(atPath: marker) else { return [] }
        return [SequencerPortInfo(address: .init(client: 129, port: 0), clientName: clientName, portName: clientName,
                                  clientKind: .user, capabilities: [.write, .subscribeWrite], types: [.synthesizer])]
    }
    func connectOutput(to destination: SequencerAddress) async throws {}
    func disconnectOutput(from destination: SequencerAddress) async throws {}
    func connectInput(from source: SequencerAddress) async throws {}
}

@Suite struct FluidSynthProcessTests {
    /// Writes an executable shell script standing in for fluidsynth.
    func fakeSynth(_ body: String) throws -> (script: String, dir: String) {
        let dir = NSTemporaryDirectory() + "peach-fake-fluid-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let script = dir + "/fluidsynth"
        // Written through a close-on-exec descriptor: a child that another (parallel) test forks
        // must not inherit it open for writing, or exec'ing the script fails with "Text file busy".
        let descriptor = open(script, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let bytes = Array(("#!/bin/sh\n" + body).utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count else { throw POSIXError(.EIO) }
        return (script, dir)
    }

    func configuration(_ script: String, timeout: Duration = .seconds(5)) -> FluidSynthProcess.Configuration {
        var configuration = FluidSynthProcess.Configuration(soundFont: "/x.sf2", audioDriver: "alsa")
        configuration.executable = script
        configuration.clientName = "Fake Fluid"
        configuration.portTimeout = timeout
        return configuration
    }

    @Test func argumentsSelectTheSequencerDriverOurNameAndNoAutoconnect() {
        let arguments = configuration("/f").arguments
        #expect(arguments == ["-m", "alsa_seq", "-a", "alsa", "-p", "Fake Fluid", "-g", "0.6", "-o", "midi.autoconnect=0", "/x.sf2"])
    }

    @Test func waitsForThePortThenQuitsThroughStandardInput() async throws {
        let (script, dir) = try fakeSynth("""
            sleep 0.2; touch "$(dirname "$0")/port"
            read line; echo "got $line" > "$(dirname "$0")/quit"; exit 0
            """)
        let synth = FluidSynthProcess(configuration: configuration(script))
        let port = try await synth.start(directory: MarkerDirectory(marker: dir + "/port", clientName: "Fake Fluid"),
                                         pollInterval: .milliseconds(10))
        #expect(port.address == SequencerAddress(client: 129, port: 0))
        await synth.stop()
        #expect(!synth.isRunning)
        #expect(try String(contentsOfFile: dir + "/quit", encoding: .utf8) == "got quit\n")
    }

    @Test func earlyExitReportsFluidSynthsOwnOutput() async throws {
        let (script, dir) = try fakeSynth("echo 'fluidsynth: error: Failed to load SoundFont \"/x.sf2\"' >&2; exit 3\n")
        let synth = FluidSynthProcess(configuration: configuration(script))
        let error = await #expect(throws: SynthLaunchError.self) {
            try await synth.start(directory: MarkerDirectory(marker: dir + "/port", clientName: "Fake Fluid"),
                                  pollInterval: .milliseconds(10))
        }
        guard case .exitedEarly(let status, let output)? = error else { Issue.record("wrong error \(String(describing: error))"); return }
        #expect(status == 3)
        #expect(output.contains("Failed to load SoundFont"))
    }

    @Test func aPortThatNeverAppearsTimesOutAndStopsTheChild() async throws {
        // It sleeps far beyond any starvation: CI once starved this waiter past a 30 s sleep, and a fake synth
        // that exited by itself is rightly reported as an early exit. Peach's timeout stops it.
        let (script, dir) = try fakeSynth("echo loading; exec sleep 3600\n")
        // 1.5 s: long enough for a loaded machine to start the shell and print, short for a test.
        let synth = FluidSynthProcess(configuration: configuration(script, timeout: .milliseconds(1500)))
        let error = await #expect(throws: SynthLaunchError.self) {
            try await synth.start(directory: MarkerDirectory(marker: dir + "/port", clientName: "Fake Fluid"),
                                  pollInterval: .milliseconds(10))
        }
        guard case .portTimeout(_, let output)? = error else { Issue.record("wrong error \(String(describing: error))"); return }
        #expect(output.contains("loading"))
        #expect(!synth.isRunning)
    }

    @Test func missingExecutableSaysWhatToInstall() async {
        let synth = FluidSynthProcess(configuration: configuration("/nonexistent/fluidsynth"))
        await #expect(throws: SynthLaunchError.fluidSynthNotInstalled) {
            try await synth.start(directory: MarkerDirectory(marker: "/none", clientName: "x"))
        }
    }
}

/// `--soundfont` naming something FluidSynth cannot load gets its own reason before FluidSynth starts.
@Suite struct SoundFontSpecialFileTests {
    func message(_ path: String) -> String? {
        let error = #expect(throws: SynthLaunchError.self) { try SoundFontLocator().locate(requested: path) }
        return error?.description
    }

    @Test func directoryDeviceFIFOAndEmptyFileAreNamed() throws {
        #expect(message("/etc")?.hasPrefix("SoundFont /etc is a directory, not a file. Give a readable .sf2 file") == true)
        #expect(message("/dev/zero")?.contains("/dev/zero is a character device, not a regular file") == true)
        #expect(message("/dev/null")?.contains("/dev/null is a character device, not a regular file") == true)
        let directory = NSTemporaryDirectory() + "peach-sf-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        #expect(mkfifo(directory + "/fifo", 0o600) == 0)
        #expect(message(directory + "/fifo")?.contains("is a FIFO (named pipe), not a regular file") == true)
        _ = FileManager.default.createFile(atPath: directory + "/empty.sf2", contents: Data())
        #expect(message(directory + "/empty.sf2")?.contains("is an empty file") == true)
    }
}
