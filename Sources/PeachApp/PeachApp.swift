import Foundation
import PeachConfig
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
        default:
            break
        }

        let configPath = ConfigPathResolver.resolve(commandLinePath: options.configPath, environment: environment)
        let dataDirectory: DataDirectory
        do {
            dataDirectory = try DataDirectory.resolve(explicit: options.dataDirectory, environment: environment)
        } catch {
            console.err("peach: \(error)\n")
            return 1
        }
        let configuration = configPath.map { ConfigLoader.load(path: $0, schema: Disciplines.schema) } ?? .defaults

        switch options.command {
        case .help, .version, .manPage, .completion:
            return 0
        case .export(let path):
            return ExportCommand.run(directory: dataDirectory, path: path, console: console)
        case .importCSV(let path, let partial):
            return ImportCommand.run(directory: dataDirectory, path: path, partial: partial, console: console)
        case .profile(let svgPath, let json):
            configuration.diagnostics.forEach { console.err("peach: \($0)\n") }
            return ProfileCommand.run(directory: dataDirectory, range: Disciplines.trainingSettings(from: configuration).noteRange,
                                      svgPath: svgPath, json: json, console: console)
        case .ports:
            let midi = configuration.midi
            let connection = SynthConnection(requestedPort: options.outputPort ?? midi.outputPort,
                                             synth: options.synth.map(TrainingApp.synth) ?? midi.synth,
                                             soundFont: nil, audioDriver: nil)
            let calibration = StartupCalibration.storedSummary(soundFont: options.soundFont, configuration: configuration,
                                                               dataDirectory: dataDirectory)
            return await PortsCommand.run(connection: connection, inputPort: options.inputPort ?? midi.inputPort,
                                          calibration: calibration, console: console)
        case .calibrate(let request):
            configuration.diagnostics.forEach { console.err("peach: \($0)\n") }
            return await CalibrateCommand.run(request, synth: options.synth, soundFont: options.soundFont, port: options.outputPort,
                                              configuration: configuration, directory: dataDirectory, console: console)
        case .train:
            return await TrainingApp.run(.init(options: options, environment: environment, console: console,
                                               dataDirectory: dataDirectory, configPath: configPath))
        }
    }
}
