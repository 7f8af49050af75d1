import PeachTrainer

/// What the user asked for on the command line.
public enum PeachCommand: Equatable, Sendable {
    /// The full-screen trainer (or line mode with `--plain`).
    case train
    /// `peach web [--web-port N] [--no-browser]`: the trainer on a local page in the browser.
    case web(WebRequest)
    /// `peach ports`: list sequencer ports like `aconnect -l`, marking what Peach would choose.
    case ports
    /// `peach profile [--svg FILE | --json]`: print the profile as text, write the chart as SVG, or print JSON.
    case profile(svgPath: String?, json: Bool)
    /// `peach export [FILE]`: CSV (iOS Peach format 3) to FILE or standard output.
    case export(path: String?)
    /// `peach tunings [FILE]`: the named tunings, or a user's .scl/.kbm checked and described.
    case tunings(path: String?)
    /// `peach import FILE [--partial]`.
    case importCSV(path: String, partial: Bool)
    /// `peach calibrate [--program N] [--bank N] [--json]`: measure FluidSynth's pitch and store the profile.
    case calibrate(CalibrateRequest)
    case help
    case version
    /// `peach __man` (hidden): the man page peach(1) as roff, for scripts/install.
    case manPage
    /// `peach __completion bash|zsh` (hidden): a shell completion script, for scripts/install.
    case completion(ShellCompletion.Shell)
}

/// How `peach web` serves its page.
public struct WebRequest: Equatable, Sendable {
    /// The loopback port; nil: one the system chooses.
    public var port: UInt16?
    /// Open the user's browser at the page (else only print its address).
    public var openBrowser = true

    public init(port: UInt16? = nil, openBrowser: Bool = true) {
        self.port = port
        self.openBrowser = openBrowser
    }
}

/// How Peach gets its sound.
public enum SynthChoice: String, CaseIterable, Equatable, Sendable {
    /// Use a synth port found on the sequencer; start FluidSynth only when none is found.
    case auto
    /// Start FluidSynth as a child process and play to it.
    case fluidsynth
    /// Never start FluidSynth: play only to an existing port.
    case external
}

/// The parsed command line: one command plus the options every command shares.
public struct CommandLineOptions: Equatable, Sendable {
    public var command: PeachCommand = .train
    public var synth: SynthChoice?
    public var soundFont: String?
    public var audioDriver: String?
    public var outputPort: String?
    public var inputPort: String?
    public var configPath: String?
    public var dataDirectory: String?
    public var plain = false

    public init() {}
}

/// What `peach calibrate` measures: FluidSynth with the configured (or given) SoundFont and preset.
public struct CalibrateRequest: Equatable, Sendable {
    public var program: Int?
    public var bank: Int?
    public var json = false
    /// An ALSA capture device (`hw:1,0`): calibrate the synth on the MIDI port by recording its audio.
    public var capture: String?
    /// With `capture`: only the MIDI-to-sound latency, stored into the synth's calibration.
    public var latencyOnly = false

    public init(program: Int? = nil, bank: Int? = nil, json: Bool = false, capture: String? = nil, latencyOnly: Bool = false) {
        self.program = program
        self.bank = bank
        self.json = json
        self.capture = capture
        self.latencyOnly = latencyOnly
    }
}
