@testable import PeachApp
import PeachDisciplines
import PeachTestSupport
@testable import PeachTrainer
import Testing

@Suite struct CommandLineParserTests {
    func parse(_ words: String) throws(UsageError) -> CommandLineOptions {
        try CommandLineParser.parse(words.split(separator: " ").map(String.init))
    }

    func usageMessage(_ words: String) -> String? {
        do { _ = try parse(words); return nil } catch { return error.message }
    }

    @Test func noArgumentsOpensTheTrainer() throws {
        let options = try CommandLineParser.parse([])
        #expect(options.command == .train)
        #expect(options.synth == nil)
        #expect(!options.plain)
    }

    @Test func sharedOptionsGoBeforeOrAfterTheCommand() throws {
        let options = try parse("--synth fluidsynth --soundfont /tmp/x.sf2 --port 128:0 --input Keystation --plain")
        #expect(options.synth == .fluidsynth)
        #expect(options.soundFont == "/tmp/x.sf2")
        #expect(options.outputPort == "128:0")
        #expect(options.inputPort == "Keystation")
        #expect(options.plain)
        #expect(try parse("ports --data-dir /d").dataDirectory == "/d")
        #expect(try parse("--config=/c.conf export out.csv").configPath == "/c.conf")
    }

    @Test func commands() throws {
        #expect(try parse("ports").command == .ports)
        #expect(try parse("web").command == .web(WebRequest()))
        #expect(try parse("web --web-port 8080 --no-browser").command == .web(WebRequest(port: 8080, openBrowser: false)))
        #expect(try parse("--no-browser web --web-port=9").command == .web(WebRequest(port: 9, openBrowser: false)))
        #expect(throws: UsageError.self) { try parse("web --web-port 0") }
        #expect(throws: UsageError.self) { try parse("web --web-port 70000") }
        #expect(throws: UsageError.self) { try parse("profile --no-browser") }
        #expect(throws: UsageError.self) { try parse("web extra") }
        #expect(try parse("profile").command == .profile(svgPath: nil, json: false))
        #expect(try parse("profile --json").command == .profile(svgPath: nil, json: true))
        #expect(throws: UsageError.self) { try parse("profile --json --svg p.svg") }
        #expect(throws: UsageError.self) { try parse("export --json") }
        #expect(try parse("profile --svg p.svg").command == .profile(svgPath: "p.svg", json: false))
        #expect(try parse("export").command == .export(path: nil))
        #expect(try parse("export -").command == .export(path: nil))
        #expect(try parse("export h.csv").command == .export(path: "h.csv"))
        #expect(try parse("tunings").command == .tunings(path: nil))
        #expect(try parse("tunings my.scl").command == .tunings(path: "my.scl"))
        #expect(throws: UsageError.self) { try parse("tunings a.scl b.kbm") }
        #expect(try parse("import h.csv").command == .importCSV(path: "h.csv", partial: false))
        #expect(try parse("import h.csv --partial").command == .importCSV(path: "h.csv", partial: true))
        #expect(try parse("--help").command == .help)
        #expect(try parse("ports -h").command == .help)
        #expect(try parse("-V").command == .version)
    }

    @Test func usageErrorsNameTheBadWordAndTheChoices() {
        #expect(usageMessage("--synth timidity") == "unknown synth 'timidity' for --synth; valid choices: auto, fluidsynth, external")
        #expect(usageMessage("--prot 128:0") == "unknown option '--prot' (did you mean --port?)")
        #expect(usageMessage("prots") == "unknown command 'prots' (did you mean 'ports'?); commands: web, ports, profile, export, tunings, import, calibrate, help")
        #expect(usageMessage("--port") == "option --port needs a value")
        #expect(usageMessage("--port --plain") == "option --port needs a value")
        #expect(usageMessage("--port=") == "option --port needs a value")
        #expect(usageMessage("import") == "'import' needs the CSV file to read: peach import FILE [--partial]")
        #expect(usageMessage("export a b") == "unexpected argument 'b' after 'export'")
        #expect(usageMessage("ports --svg x") == "--svg only goes with 'peach profile'")
        #expect(usageMessage("export --partial") == "--partial only goes with 'peach import'")
        #expect(usageMessage("--svg x") == "--svg only goes with 'peach profile'")
        #expect(throws: UsageError.self) { try CommandLineParser.parse([""]) }
    }

    @Test func usageErrorPointsToHelp() {
        #expect(UsageError("x").description == "peach: x\nTry 'peach --help' for the options.")
    }

    @Test func longWordsAreEchoedShort() throws {
        let huge = String(repeating: "w", count: 2_000_000)
        let cut = String(repeating: "w", count: 38) + "…'"
        for words in [["--synth", huge], ["--" + huge], [huge], ["export", "a", huge]] {
            let message: String
            do { _ = try CommandLineParser.parse(words); Issue.record("\(words.map { $0.prefix(10) }) parsed"); continue }
            catch { message = error.message }
            #expect(message.contains(cut), "\(message.prefix(200))")
            #expect(message.count < 300)
        }
    }
}
