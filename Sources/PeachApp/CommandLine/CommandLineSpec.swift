/// The one description of Peach's command line. `peach --help`, the man page peach(1), the bash and
/// zsh completions and the parser's lists of options are all rendered from it, so they cannot
/// disagree. To add a command: one `CommandSpec` here, one `PeachCommand` case, one parser case,
/// one dispatch in `PeachApp.main`. Hidden commands (`__man`, …) parse but are listed nowhere.
enum CommandLineSpec {
    static let summary = "An ear trainer that plays its notes on a real synthesizer, measured in cents."

    /// The man page's DESCRIPTION, one paragraph per element.
    static let description = [
        "Peach trains pitch discrimination (two notes: was the second higher or lower?) with an adaptive difficulty "
            + "and a per-note perceptual profile, and pitch matching (tune a note until it matches a reference, with a "
            + "MIDI knob or the keyboard), in unison and in intervals, and timing (compare timing: was the fourth click "
            + "early or late?; fill the gap: tap into the silent step of a steady grid). It makes no sound itself: it sends MIDI through the ALSA sequencer to a "
            + "hardware synth, or to FluidSynth with a SoundFont, which it starts when no synth is connected.",
        "Without a command, Peach opens the full-screen trainer; when standard input or output is not a terminal, "
            + "or with --plain, it reads one command per line instead (for screen readers and scripts).",
    ]

    static let commands: [CommandSpec] = [
        CommandSpec(name: "", arguments: "", summary: ["open the trainer (full-screen; line mode when not on a terminal)"]),
        CommandSpec(name: "ports", summary: ["list MIDI ports like 'aconnect -l' and show which Peach would use"]),
        CommandSpec(name: "profile", arguments: "[--svg FILE] [--json]",
                    summary: ["print your perceptual profile (thresholds with 95 % intervals), write it as an SVG",
                              "chart to FILE, or print it as JSON for scripts (--json)"], options: ["--svg", "--json"]),
        CommandSpec(name: "export", arguments: "[FILE]", argumentCompletion: .file,
                    summary: ["export your training history as CSV (iOS Peach format 3); stdout without FILE"]),
        CommandSpec(name: "import", arguments: "FILE [--partial]", argumentCompletion: .file,
                    summary: ["import a CSV export; nothing is written unless the whole file is valid",
                              "(--partial imports the valid rows and reports the others)"], options: ["--partial"]),
        CommandSpec(name: "calibrate", arguments: "[--program N] [--bank N] [--json] [--capture DEV]",
                    summary: ["measure FluidSynth's pitch (bend scale, pitch floor, each key's tuning) for the",
                              "SoundFont and preset, store it and print it; --program N, --bank N choose the",
                              "preset (default: the configured one), --json prints the figures as JSON;",
                              "--capture DEV: a hardware synth instead, played on --port (or the synth found)",
                              "and recorded through the ALSA capture device DEV (arecord -l lists them)"],
                    options: ["--program", "--bank", "--json", "--capture"]),
        CommandSpec(name: "help", summary: ["print this usage summary (like --help)"]),
        CommandSpec(name: "__man", summary: ["print the man page peach(1) as roff"], hidden: true),
        CommandSpec(name: "__completion", arguments: "bash|zsh", summary: ["print a shell completion script"], hidden: true),
    ]

    static let options: [OptionSpec] = [
        OptionSpec("--synth", value: "auto|fluidsynth|external", completion: .choices(SynthChoice.allCases.map(\.rawValue)),
                   summary: ["auto (default): play to a synth port if one exists, else start FluidSynth;",
                             "fluidsynth: always start FluidSynth; external: never start it"]),
        OptionSpec("--soundfont", value: "FILE", completion: .file,
                   summary: ["SoundFont for FluidSynth (default /usr/share/sounds/sf2/default-GM.sf2,",
                             "else FluidR3_GM.sf2 from the fluid-soundfont-gm package)"]),
        OptionSpec("--audio-driver", value: "NAME", completion: .choices(["pipewire", "pulseaudio", "alsa", "jack"]),
                   summary: ["FluidSynth audio driver (pipewire, pulseaudio, alsa, jack; default: best available)"]),
        OptionSpec("--port", value: "ADDR", completion: .outputPort,
                   summary: ["MIDI output, as aconnect accepts it: 128:0, 128, or a client or port name"]),
        OptionSpec("--input", value: "ADDR", completion: .inputPort,
                   summary: ["MIDI controller input (default: every hardware input that is not a synth)"]),
        OptionSpec("--config", value: "FILE", completion: .file,
                   summary: ["configuration file (default $XDG_CONFIG_HOME/peach/peach.conf)"]),
        OptionSpec("--data-dir", value: "DIR", completion: .directory,
                   summary: ["training data directory (default $XDG_DATA_HOME/peach; also PEACH_DATA_DIR)"]),
        OptionSpec("--plain", summary: ["line mode: one line per event, single-line commands (for screen readers and scripts)"]),
        OptionSpec("--svg", value: "FILE", completion: .file, summary: ["with profile: write the chart as SVG to FILE"]),
        OptionSpec("--json", summary: ["with profile or calibrate: print the figures as JSON (profile's shape in the README)"]),
        OptionSpec("--program", value: "N", summary: ["with calibrate: the preset's program number (0-127)"]),
        OptionSpec("--bank", value: "N", summary: ["with calibrate: the preset's bank number (0-127)"]),
        OptionSpec("--capture", value: "DEV", summary: ["with calibrate: the ALSA capture device to record a hardware synth from"]),
        OptionSpec("--partial", summary: ["with import: import the valid rows and report the others"]),
        OptionSpec("--help", short: "-h", summary: ["print this usage summary"]),
        OptionSpec("--version", short: "-V", summary: ["print the version"]),
    ]

    static let exitStatus: [(code: Int32, meaning: String, detail: String)] = [
        (0, "ok", "the command did what it was asked."),
        (1, "runtime error", "a file, the sequencer, FluidSynth or the training history failed; the message says why."),
        (2, "usage error", "an unknown command or option, or a missing value."),
    ]

    static let files: [(path: String, meaning: String)] = [
        ("$XDG_CONFIG_HOME/peach/peach.conf (~/.config/peach/peach.conf)",
         "the configuration file (or --config FILE); see CONFIGURATION. Re-read when it changes; the Settings screen writes it."),
        ("$XDG_DATA_HOME/peach/training.log (~/.local/share/peach/training.log)",
         "the training history (or --data-dir DIR, or PEACH_DATA_DIR): an append-only, tab-separated log, "
            + "one record per line, each fsynced before the trial's feedback ends."),
        ("$XDG_DATA_HOME/peach/training.log.corrupt",
         "a torn last line (power loss) is moved here, never deleted."),
        ("$XDG_DATA_HOME/peach/training.lock",
         "one trainer at a time per data directory; export and profile read while it runs."),
        ("/usr/share/sounds/sf2/default-GM.sf2", "the SoundFont FluidSynth loads unless --soundfont says otherwise."),
    ]

    static let environment: [(name: String, meaning: String)] = [
        ("PEACH_DATA_DIR", "the training data directory, unless --data-dir is given."),
        ("XDG_CONFIG_HOME", "where peach/peach.conf is looked for (default ~/.config)."),
        ("XDG_DATA_HOME", "where the peach data directory is (default ~/.local/share)."),
    ]

    static let examples: [(command: String, meaning: String)] = [
        ("peach", "train in the full-screen trainer, with a synth port if there is one, else FluidSynth."),
        ("peach --port 20:0", "play to sequencer port 20:0."),
        ("peach --synth fluidsynth --soundfont ~/sf2/MyPiano.sf2", "always start FluidSynth, with your own SoundFont."),
        ("peach --input \"nanoKONTROL\"", "take the tuning knob from this controller."),
        ("peach profile --svg profile.svg", "write your perceptual profile as an SVG chart."),
        ("peach export history.csv", "export the history as an iOS Peach CSV."),
        ("peach import iphone.csv --partial", "merge an iOS Peach export, skipping invalid rows."),
    ]

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
