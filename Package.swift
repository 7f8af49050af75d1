// swift-tools-version: 6.1
// Peach for Linux. The dependency arrows (what each target imports) point inward, towards PeachCore; every
// import is declared here (PackageMapTests holds the two equal):
//   peach → PeachApp (composition root: the command line and its commands, wiring) → PeachTrainer (the trainer:
//     controller, interfaces (terminal, plain lines, the page), calibration flows, guardian) and every library below
//   PeachDisciplines → PeachConfig, PeachCore, PeachFormats, PeachPresentation (each discipline's folder: record,
//     codecs, statistics, report, session, inputs, settings, screen models; the registry `Disciplines`)
//   PeachTerminal → PeachPresentation, PeachConfig, PeachCore, PeachSystem (renders the models; names no discipline)
//   PeachPresentation → PeachConfig, PeachCore (screen, chart and SVG models that name no terminal)
//   PeachALSA → PeachMIDI, PeachCore, CALSA;  PeachMIDI → PeachCore
//   PeachStore → PeachCore, PeachFormats, PeachSystem;  PeachFormats → PeachCore
//   PeachConfigFiles → PeachConfig, PeachCore, PeachSystem (reading, watching and writing the file);  PeachConfig → PeachCore
//   PeachSystem → PeachText; PeachAudio, PeachWeb (the local page's HTTP) → nothing of Peach's
//   PeachWebServer → PeachSystem, PeachWeb (the page's server loop)
//   PeachWebPage → PeachPresentation, PeachWeb, PeachText (renders the models as the page's HTML; names no discipline)
//   PeachText (every user-facing text, the language, localized numbers) → nothing: every library may use it
//   peach-catalog → PeachCatalog → PeachText (regenerates PeachText's catalog source from po/*.po)
//   peach-bench → PeachApp and the libraries it measures
// PeachCore imports Foundation, Observation and PeachText (its texts) only: no ALSA, no terminal, no file system.
import PackageDescription

let package = Package(
    name: "Peach",
    products: [
        .executable(name: "peach", targets: ["peach"]),
    ],
    targets: [
        // Pure domain: music values, trials, sessions, strategy, profile, trend, settings, ports.
        // Optimised in debug builds too, as PeachAudio: the estimator's grids and random walks unoptimised cost a
        // live answer about a second natively and tens of seconds in the emulated test VM, where `peach` runs its
        // debug build (a history with breaks took 109 s to start and answer three comparisons there).
        .target(name: "PeachCore", dependencies: ["PeachText"], swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // Every user-facing text in English and German (generated from po/peach.pot and po/de.po by scripts/catalog),
        // the language chosen from LC_ALL / LC_MESSAGES / LANG, numbers as the language writes them. Needs nothing.
        .target(name: "PeachText"),
        // The catalogs' parser, check and Swift source writer; `peach-catalog` (scripts/catalog) regenerates the source.
        .target(name: "PeachCatalog", dependencies: ["PeachText"]),
        .executableTarget(name: "peach-catalog", dependencies: ["PeachCatalog"]),
        // Pure MIDI logic: bends, RPN, synth profiles, controller decoding, MidiNotePlayer over a SequencerPort.
        .target(name: "PeachMIDI", dependencies: ["PeachCore", "PeachText"]),
        // Thin C module for libasound (the ALSA sequencer).
        .systemLibrary(name: "CALSA", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
        // Adapter: the real ALSA sequencer behind PeachMIDI's ports.
        .target(name: "PeachALSA", dependencies: ["PeachMIDI", "PeachCore", "CALSA", "PeachText"]),
        // The training log's line fields and iOS Peach's CSV rows as values (no file system): what a discipline's
        // codecs read and write, and the codec protocols the store dispatches through.
        .target(name: "PeachFormats", dependencies: ["PeachCore", "PeachText"]),
        // Adapter: training-record store and CSV import/export (file system), through the registered codecs.
        .target(name: "PeachStore", dependencies: ["PeachCore", "PeachFormats", "PeachSystem", "PeachText"]),
        // The system layer, every raw POSIX call wrapped once with a readable error: open files (the log's
        // pread/pwrite/fsync), descriptor flags, directories, the files the user names (CSV, configuration, SoundFont,
        // outputs: checked, size-capped reads); processes (spawn, reap, signal, /proc), signal dispositions, terminal
        // modes, poll and socket pairs.
        .target(name: "PeachSystem", dependencies: ["PeachText"]),
        // The configuration, pure: its schema (training, MIDI, controller, safety, breaks, UI), parsing text with
        // diagnostics, the settings it yields, the text of an edit. No file system: the disciplines and the screen
        // models link it without the file layer.
        .target(name: "PeachConfig", dependencies: ["PeachCore", "PeachText"]),
        // The configuration file itself: where it is read from, noticing it change, the tuning files it names, saving
        // an edit in place.
        .target(name: "PeachConfigFiles", dependencies: ["PeachConfig", "PeachCore", "PeachSystem", "PeachText"]),
        // What a front end shows, as values that name no terminal: the screens' models (a training mode's as lines its
        // discipline describes), key presses, the profile and progress chart models, the SVG document, number formats.
        .target(name: "PeachPresentation", dependencies: ["PeachCore", "PeachConfig", "PeachText"]),
        // The local web page's HTTP, pure: reading a request within limits, the rules a loopback service holds every
        // request to (host, secret, cookie, origin), writing a response with its security headers. Needs nothing.
        .target(name: "PeachWeb"),
        // The local page's server: its poll loop on a thread of its own, with the connection, idle and request limits.
        .target(name: "PeachWebServer", dependencies: ["PeachSystem", "PeachWeb"]),
        // Adapter: the local page (rendering PeachPresentation's models as HTML, its script and style, its addresses).
        .target(name: "PeachWebPage", dependencies: ["PeachPresentation", "PeachWeb", "PeachText"]),
        // Adapter: terminal UI (raw mode, key decoding, rendering PeachPresentation's models).
        .target(name: "PeachTerminal", dependencies: ["PeachCore", "PeachConfig", "PeachSystem", "PeachPresentation", "PeachText"]),
        // The disciplines, one folder each (record, log and CSV codecs, statistics, report, modes), and the
        // registry (`Disciplines.all`) that the store, profile, reports and interfaces dispatch through.
        .target(name: "PeachDisciplines", dependencies: ["PeachConfig", "PeachCore", "PeachFormats", "PeachPresentation", "PeachText"]),
        // The trainer: the controller the interfaces drive, its run loop and input routing, the full-screen and plain
        // interfaces, quiet breaks, the live configuration, synth calibration flows, FluidSynth and the guardian.
        .target(name: "PeachTrainer", dependencies: ["PeachCore", "PeachMIDI", "PeachALSA", "PeachStore", "PeachTerminal",
                                                     "PeachConfig", "PeachConfigFiles", "PeachSystem", "PeachAudio", "PeachFormats",
                                                     "PeachDisciplines", "PeachPresentation", "PeachText", "PeachWebPage"]),
        // Composition root: the command line, its commands, and wiring the trainer once (TrainingApp.run). `peach` is
        // its thin entry point.
        .target(name: "PeachApp", dependencies: ["PeachTrainer", "PeachCore", "PeachMIDI", "PeachALSA", "PeachStore",
                                                 "PeachTerminal", "PeachConfig", "PeachConfigFiles", "PeachSystem", "PeachAudio", "PeachFormats",
                                                 "PeachDisciplines", "PeachPresentation", "PeachText", "PeachWeb", "PeachWebPage",
                                                 "PeachWebServer"]),
        .executableTarget(name: "peach", dependencies: ["PeachApp", "PeachTrainer"]),
        // Measures audio (WAV reading, pitch by DTFT peak): synth calibration, the FluidSynth tests and the benchmark.
        // Optimised in debug builds too: the calibration Peach runs at start measures ~80 notes, which
        // unoptimised takes ~40x longer (minutes in the emulated test VM instead of seconds).
        .target(name: "PeachAudio", swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        .executableTarget(name: "peach-bench", dependencies: ["PeachApp", "PeachTrainer", "PeachCore", "PeachMIDI", "PeachALSA", "PeachStore",
                                                             "PeachAudio", "PeachDisciplines", "PeachPresentation",
                                                             "PeachTerminal", "PeachBrowserSupport", "PeachSystem", "PeachWeb",
                                                             "PeachWebServer"]),

        // Shorthands every test target shares (records as `TrainingRecord`s, feeding the profile).
        .target(name: "PeachTestSupport", dependencies: ["PeachCore", "PeachDisciplines"], path: "Tests/PeachTestSupport"),
        // A real browser for the page's tests: headless Chromium over WebDriver, spoken over loopback.
        .target(name: "PeachBrowserSupport", dependencies: ["PeachSystem"], path: "Tests/PeachBrowserSupport"),
        // The tests mirror the libraries: the pure core's own (no discipline named), then the disciplines' sessions,
        // strategies, procedures and records.
        .testTarget(name: "PeachCoreTests", dependencies: ["PeachCore", "PeachTestSupport"]),
        .testTarget(name: "PeachDisciplinesTests", dependencies: ["PeachCore", "PeachDisciplines", "PeachTestSupport"]),
        .testTarget(name: "PeachMIDITests", dependencies: ["PeachMIDI"]),
        .testTarget(name: "PeachTextTests", dependencies: ["PeachText", "PeachCatalog"]),
        .testTarget(name: "PeachSystemTests", dependencies: ["PeachSystem"]),
        .testTarget(name: "PeachWebTests", dependencies: ["PeachCore", "PeachWeb"]),
        .testTarget(name: "PeachWebPageTests", dependencies: ["PeachPresentation", "PeachWeb", "PeachWebPage", "PeachText"]),
        .testTarget(name: "PeachWebServerTests", dependencies: ["PeachSystem", "PeachWeb", "PeachWebServer"]),
        .testTarget(name: "PeachStoreTests", dependencies: ["PeachStore", "PeachSystem", "PeachFormats", "PeachDisciplines",
                                                    "PeachTestSupport", "peach-store-writer"]),
        // Test helper process for the store's lock and kill -9 tests (PeachStoreTests runs it).
        .executableTarget(name: "peach-store-writer", dependencies: ["PeachStore", "PeachFormats", "PeachDisciplines"],
                          path: "Tests/StoreWriter"),
        .testTarget(name: "PeachConfigTests", dependencies: ["PeachConfig", "PeachConfigFiles", "PeachDisciplines", "PeachSystem", "PeachText"]),
        .testTarget(name: "PeachTerminalTests", dependencies: ["PeachTerminal", "PeachPresentation", "PeachDisciplines",
                                                    "PeachConfig", "PeachSystem", "PeachText"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "PeachAppTests", dependencies: ["PeachApp", "PeachTrainer", "PeachAudio", "PeachConfigFiles", "PeachDisciplines", "PeachFormats",
                                                  "PeachStore", "PeachSystem", "PeachTestSupport", "PeachText", "PeachBrowserSupport",
                                                  "PeachWebPage"],
                    exclude: ["Fixtures"]),
        // Real kernel sequencer tests: run natively where /dev/snd/seq exists, else in the VM (scripts/test-alsa).
        .testTarget(name: "PeachALSATests", dependencies: ["PeachALSA", "PeachMIDI", "PeachApp", "PeachTrainer", "PeachAudio", "PeachDisciplines",
                                                          "PeachSystem", "PeachBrowserSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
