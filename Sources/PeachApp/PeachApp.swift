import Foundation
import PeachConfig
import PeachConfigFiles
import PeachCore
import PeachDisciplines
import PeachStore
import PeachText
import PeachTrainer

/// The composition root: reads the command line, resolves where configuration and data live, and
/// hands each command its adapters. Exit status 0 ok, 1 runtime error, 2 usage error.
public enum PeachApp {
    public static let version = "0.2.0"
    public static let licence = "MIT"

    @MainActor
    public static func main(arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
                            console: Console = .standard) async -> Int32 {
        // Every text from here on, help and usage errors included, speaks the language the locale asks for.
        Localization.use(Language.chosen(by: environment))
        let options: CommandLineOptions
        do {
            options = try CommandLineParser.parse(Array(arguments.dropFirst()))
        } catch {
            console.err("\(error)\n")
            return 2
        }
        return await run(options, environment: environment, console: console)
    }

    /// Hands the command its adapters. Help, the version, the man page and the completion scripts are
    /// printed as they are; every other command first needs the configuration and the data directory.
    @MainActor
    private static func run(_ options: CommandLineOptions, environment: [String: String], console: Console) async -> Int32 {
        func withData(_ command: (DataContext) async -> Int32) async -> Int32 {
            await Self.withData(options, environment: environment, console: console, command)
        }
        switch options.command {
        case .help:
            console.out(HelpText.usage + "\n")
            return 0
        case .version:
            console.out("peach \(version)\n")
            return 0
        case .manPage:
            console.out(ManPage.roff(version: version))
            return 0
        case .completion(let shell):
            console.out(ShellCompletion.script(for: shell))
            return 0
        case .tunings(let path):
            return TuningsCommand.run(path: path, console: console)
        case .export(let path):
            return await withData { data in ExportCommand.run(directory: data.directory, path: path, console: console) }
        case .importCSV(let path, let partial):
            return await withData { data in
                ImportCommand.run(directory: data.directory, path: path, partial: partial, console: console)
            }
        case .profile(let svgPath, let json):
            return await withData { data in
                data.configuration.diagnostics.forEach { console.err("peach: \($0)\n") }
                return ProfileCommand.run(directory: data.directory, range: data.configuration.coreTrainingSettings.noteRange,
                                          svgPath: svgPath, json: json, console: console)
            }
        case .ports:
            return await withData { data in await ports(options, data: data, console: console) }
        case .calibrate(let request):
            return await withData { data in
                data.configuration.diagnostics.forEach { console.err("peach: \($0)\n") }
                return await CalibrateCommand.run(request, synth: options.synth, soundFont: options.soundFont, port: options.outputPort,
                                                  configuration: data.configuration, directory: data.directory, console: console)
            }
        case .train, .web:
            return await withData { data in
                await TrainingApp.run(.init(options: options, environment: environment, console: console,
                                            dataDirectory: data.directory, configPath: data.configPath))
            }
        }
    }

    /// What a command that works on Peach's data runs with: the configuration file's path (nil: none, the
    /// defaults), the configuration read from it, and the data directory.
    private struct DataContext {
        let configPath: String?
        let configuration: PeachConfiguration
        let directory: DataDirectory
    }

    /// Resolves where the configuration and the data live, then runs `command` with them; exit status 1
    /// when the data directory cannot be resolved.
    @MainActor
    private static func withData(_ options: CommandLineOptions, environment: [String: String], console: Console,
                                 _ command: (DataContext) async -> Int32) async -> Int32 {
        let configPath = ConfigPathResolver.resolve(commandLinePath: options.configPath, environment: environment)
        let dataDirectory: DataDirectory
        do {
            dataDirectory = try DataDirectory.resolve(explicit: options.dataDirectory, environment: environment)
        } catch {
            console.err("peach: \(error)\n")
            return 1
        }
        let configuration = configPath.map { ConfigLoader.load(path: $0, schema: Disciplines.schema) } ?? .defaults
        return await command(DataContext(configPath: configPath, configuration: configuration, directory: dataDirectory))
    }

    /// `peach ports`: the synth port and input the options or the configuration ask for, and the stored calibration.
    @MainActor
    private static func ports(_ options: CommandLineOptions, data: DataContext, console: Console) async -> Int32 {
        let midi = data.configuration.midi
        let connection = SynthConnection(requestedPort: options.outputPort ?? midi.outputPort,
                                         synth: options.synth.map(TrainingApp.synth) ?? midi.synth,
                                         soundFont: nil, audioDriver: nil)
        let calibration = StartupCalibration.storedSummary(soundFont: options.soundFont, configuration: data.configuration,
                                                           dataDirectory: data.directory)
        return await PortsCommand.run(connection: connection, inputPort: options.inputPort ?? midi.inputPort,
                                      calibration: calibration, queueFrequency: data.configuration.queueFrequency,
                                      console: console)
    }
}
