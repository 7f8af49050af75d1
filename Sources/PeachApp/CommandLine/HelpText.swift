/// `peach --help`.
enum HelpText {
    static let usage = """
    Usage: peach [COMMAND] [OPTIONS]

    An ear trainer that plays its notes on a real synthesizer, measured in cents.

    Commands:
      (none)              open the trainer (full-screen; line mode when not on a terminal)
      ports               list MIDI ports like 'aconnect -l' and show which Peach would use
      profile [--svg F]   print your perceptual profile, or write it as an SVG chart to F
      export [FILE]       export your training history as CSV (iOS Peach format 3); stdout without FILE
      import FILE         import a CSV export; nothing is written unless the whole file is valid
                          (--partial imports the valid rows and reports the others)
      calibrate           measure FluidSynth's pitch (bend scale, pitch floor, each key's tuning) for the
                          SoundFont and preset, store it and print it; --program N, --bank N choose the
                          preset (default: the configured one), --json prints the figures as JSON;
                          --capture DEV: a hardware synth instead, played on --port (or the synth found)
                          and recorded through the ALSA capture device DEV (arecord -l lists them)

    Options:
      --synth auto|fluidsynth|external
                          auto (default): play to a synth port if one exists, else start FluidSynth;
                          fluidsynth: always start FluidSynth; external: never start it
      --soundfont FILE    SoundFont for FluidSynth (default /usr/share/sounds/sf2/default-GM.sf2,
                          else FluidR3_GM.sf2 from the fluid-soundfont-gm package)
      --audio-driver NAME FluidSynth audio driver (pipewire, pulseaudio, alsa, jack; default: best available)
      --port ADDR         MIDI output, as aconnect accepts it: 128:0, 128, or a client or port name
      --input ADDR        MIDI controller input (default: every hardware input that is not a synth)
      --config FILE       configuration file (default $XDG_CONFIG_HOME/peach/peach.conf)
      --data-dir DIR      training data directory (default $XDG_DATA_HOME/peach; also PEACH_DATA_DIR)
      --plain             line mode: one line per event, single-line commands (for screen readers and scripts)
      -h, --help          this text
      -V, --version       the version

    Exit status: 0 ok, 1 runtime error, 2 usage error.
    """
}
