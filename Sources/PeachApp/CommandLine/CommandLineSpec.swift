import PeachText
import PeachTrainer

/// The one description of Peach's command line. `peach --help`, the man page peach(1), the bash and
/// zsh completions and the parser's lists of options are all rendered from it, so they cannot
/// disagree. To add a command: one `CommandSpec` here, one `PeachCommand` case, one parser case,
/// one dispatch in `PeachApp.run`. Hidden commands (`__man`, …) parse but are listed nowhere. The texts come
/// from the catalog (po/), in the language of the locale; names, options and placeholders are the same in all.
enum CommandLineSpec {
    static var summary: String { tr(.appSummary) }

    /// The man page's DESCRIPTION, one paragraph per element.
    static var description: [String] { [tr(.helpDescriptionTraining), tr(.helpDescriptionModes)] }

    static var commands: [CommandSpec] {
        [
            CommandSpec(name: "", arguments: "", summary: lines(.helpCommandTrainer)),
            CommandSpec(name: "web", arguments: "[--web-port N] [--no-browser]", summary: lines(.helpCommandWeb),
                        options: ["--web-port", "--no-browser"]),
            CommandSpec(name: "ports", summary: lines(.helpCommandPorts)),
            CommandSpec(name: "profile", arguments: "[--svg FILE] [--json]", summary: lines(.helpCommandProfile),
                        options: ["--svg", "--json"]),
            CommandSpec(name: "export", arguments: "[FILE]", argumentCompletion: .file, summary: lines(.helpCommandExport)),
            CommandSpec(name: "tunings", arguments: "[FILE]", argumentCompletion: .file, summary: lines(.helpCommandTunings)),
            CommandSpec(name: "import", arguments: "FILE [--partial]", argumentCompletion: .file,
                        summary: lines(.helpCommandImport), options: ["--partial"]),
            CommandSpec(name: "calibrate", arguments: "[--program N] [--bank N] [--json] [--capture DEV] [--latency-only]",
                        summary: lines(.helpCommandCalibrate), options: ["--program", "--bank", "--json", "--capture", "--latency-only"]),
            CommandSpec(name: "help", summary: lines(.helpCommandHelp)),
            CommandSpec(name: "__man", summary: lines(.helpCommandMan), hidden: true),
            CommandSpec(name: "__completion", arguments: "bash|zsh", summary: lines(.helpCommandCompletion), hidden: true),
        ]
    }

    static var options: [OptionSpec] {
        [
            OptionSpec("--synth", value: "auto|fluidsynth|external", completion: .choices(SynthChoice.allCases.map(\.rawValue)),
                       summary: lines(.helpOptionSynth)),
            OptionSpec("--soundfont", value: "FILE", completion: .file, summary: lines(.helpOptionSoundfont)),
            OptionSpec("--audio-driver", value: "NAME", completion: .choices(["pipewire", "pulseaudio", "alsa", "jack"]),
                       summary: lines(.helpOptionAudioDriver)),
            OptionSpec("--port", value: "ADDR", completion: .outputPort, summary: lines(.helpOptionPort)),
            OptionSpec("--input", value: "ADDR", completion: .inputPort, summary: lines(.helpOptionInput)),
            OptionSpec("--config", value: "FILE", completion: .file, summary: lines(.helpOptionConfig)),
            OptionSpec("--data-dir", value: "DIR", completion: .directory, summary: lines(.helpOptionDataDir)),
            OptionSpec("--plain", summary: lines(.helpOptionPlain)),
            OptionSpec("--svg", value: "FILE", completion: .file, summary: lines(.helpOptionSvg)),
            OptionSpec("--json", summary: lines(.helpOptionJson)),
            OptionSpec("--program", value: "N", summary: lines(.helpOptionProgram)),
            OptionSpec("--bank", value: "N", summary: lines(.helpOptionBank)),
            OptionSpec("--capture", value: "DEV", summary: lines(.helpOptionCapture)),
            OptionSpec("--latency-only", summary: lines(.helpOptionLatencyOnly)),
            OptionSpec("--partial", summary: lines(.helpOptionPartial)),
            OptionSpec("--web-port", value: "N", summary: lines(.helpOptionWebPort)),
            OptionSpec("--no-browser", summary: lines(.helpOptionNoBrowser)),
            OptionSpec("--help", short: "-h", summary: lines(.helpOptionHelp)),
            OptionSpec("--version", short: "-V", summary: lines(.helpOptionVersion)),
        ]
    }

    static var exitStatus: [(code: String, meaning: String, detail: String)] {
        [
            ("0", tr(.helpExitOk), tr(.helpExitOkDetail)),
            ("1", tr(.helpExitRuntime), tr(.helpExitRuntimeDetail)),
            ("2", tr(.helpExitUsage), tr(.helpExitUsageDetail)),
            ("128+N", tr(.helpExitSignal), tr(.helpExitSignalDetail)),
        ]
    }

    static var files: [(path: String, meaning: String)] {
        [
            ("$XDG_CONFIG_HOME/peach/peach.conf (~/.config/peach/peach.conf)", tr(.helpFileConfig)),
            ("$XDG_DATA_HOME/peach/training.log (~/.local/share/peach/training.log)", tr(.helpFileLog)),
            ("$XDG_DATA_HOME/peach/training.log.corrupt", tr(.helpFileCorrupt)),
            ("$XDG_DATA_HOME/peach/training.lock", tr(.helpFileLock)),
            ("$XDG_DATA_HOME/peach/calibration/", tr(.helpFileCalibration)),
            ("$XDG_DATA_HOME/peach/calibration/taps.json", tr(.helpFileTapCalibration)),
            ("/usr/share/sounds/sf2/default-GM.sf2", tr(.helpFileSoundfont)),
        ]
    }

    static var environment: [(name: String, meaning: String)] {
        [
            ("PEACH_DATA_DIR", tr(.helpEnvironmentDataDir)),
            ("XDG_CONFIG_HOME", tr(.helpEnvironmentConfigHome)),
            ("XDG_DATA_HOME", tr(.helpEnvironmentDataHome)),
        ]
    }

    static var examples: [(command: String, meaning: String)] {
        [
            ("peach", tr(.helpExampleTrain)),
            ("peach --port 20:0", tr(.helpExamplePort)),
            ("peach --synth fluidsynth --soundfont ~/sf2/MyPiano.sf2", tr(.helpExampleSoundfont)),
            ("peach --input \"nanoKONTROL\"", tr(.helpExampleInput)),
            ("peach profile --svg profile.svg", tr(.helpExampleSvg)),
            ("peach export history.csv", tr(.helpExampleExport)),
            ("peach import iphone.csv --partial", tr(.helpExampleImport)),
            ("peach tunings ~/scales/meantone-1-5.scl", tr(.helpExampleTunings)),
        ]
    }

    /// A catalog text's lines as --help prints them (the man page joins them into one paragraph).
    private static func lines(_ id: MessageID) -> [String] { tr(id).components(separatedBy: "\n") }

    static let seeAlso = ["aconnect(1)", "fluidsynth(1)"]

    static var visibleCommands: [CommandSpec] { commands.filter { !$0.hidden } }

    static func command(named name: String) -> CommandSpec? { commands.first { $0.name == name } }

    static func option(named name: String) -> OptionSpec? { options.first { $0.name == name || $0.short == name } }

    /// Every spelling that takes a value ("--port") or none ("--plain", "-h").
    static var valueOptionNames: [String] { options.filter { $0.value != nil }.flatMap(\.spellings) }
    static var flagOptionNames: [String] { options.filter { $0.value == nil }.flatMap(\.spellings) }
}

/// One command of the table above. `name` "" is the trainer (no command word).
struct CommandSpec: Sendable {
    let name: String
    /// As in the synopsis: "FILE [--partial]".
    let arguments: String
    /// What a word after the command completes to.
    let argumentCompletion: ValueCompletion
    /// Lines as --help prints them; joined into one paragraph for the man page.
    let summary: [String]
    /// Options that only this command takes.
    let options: [String]
    let hidden: Bool

    init(name: String, arguments: String = "", argumentCompletion: ValueCompletion = .none, summary: [String],
         options: [String] = [], hidden: Bool = false) {
        self.name = name
        self.arguments = arguments
        self.argumentCompletion = argumentCompletion
        self.summary = summary
        self.options = options
        self.hidden = hidden
    }
}

/// One option. `value` is the placeholder of its value ("FILE"), nil for a flag.
struct OptionSpec: Sendable {
    let name: String
    let short: String?
    let value: String?
    let completion: ValueCompletion
    let summary: [String]

    init(_ name: String, short: String? = nil, value: String? = nil, completion: ValueCompletion = .none, summary: [String]) {
        self.name = name
        self.short = short
        self.value = value
        self.completion = completion
        self.summary = summary
    }

    var spellings: [String] { [name] + (short.map { [$0] } ?? []) }
}

/// What a value completes to in the shell.
enum ValueCompletion: Equatable, Sendable {
    case none
    case file
    case directory
    case choices([String])
    /// Sequencer ports that accept notes (synths), from `aconnect -o`.
    case outputPort
    /// Sequencer ports that send events (controllers), from `aconnect -i`.
    case inputPort
}
