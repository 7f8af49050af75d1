@testable import PeachApp
import PeachDisciplines
import PeachTestSupport
@testable import PeachTrainer
import Testing

@Suite struct CalibrateCommandLineTests {
    func parse(_ words: String) throws(UsageError) -> CommandLineOptions {
        try CommandLineParser.parse(words.split(separator: " ").map(String.init))
    }

    func usageMessage(_ words: String) -> String? {
        do { _ = try parse(words); return nil } catch { return error.message }
    }

    @Test func calibrateTakesSynthSoundFontProgramBankAndJSON() throws {
        #expect(try parse("calibrate").command == .calibrate(CalibrateRequest()))
        let options = try parse("calibrate --synth fluidsynth --soundfont /s.sf2 --program 73 --bank 8 --json")
        #expect(options.command == .calibrate(CalibrateRequest(program: 73, bank: 8, json: true)))
        #expect(options.synth == .fluidsynth)
        #expect(options.soundFont == "/s.sf2")
        #expect(try parse("--program=5 calibrate").command == .calibrate(CalibrateRequest(program: 5)))
        #expect(try parse("calibrate --capture hw:1,0 --port 20:0").command == .calibrate(CalibrateRequest(capture: "hw:1,0")))
        #expect(try parse("calibrate --latency-only --capture hw:1,0 --json").command
                == .calibrate(CalibrateRequest(json: true, capture: "hw:1,0", latencyOnly: true)))
    }

    @Test func latencyOnlyNeedsACaptureDeviceAndCalibrate() {
        #expect(usageMessage("calibrate --latency-only") == "--latency-only measures a synth recorded through a capture device: "
                + "add --capture DEV (arecord -l lists them)")
        #expect(usageMessage("profile --latency-only")?.contains("--latency-only only go with 'peach calibrate'") == true)
    }

    @Test func badCalibrateWordsSayWhatIsValid() {
        #expect(usageMessage("calibrate --program 128")?.contains("0 to 127") == true)
        #expect(usageMessage("calibrate --bank x")?.contains("--bank needs a number") == true)
        #expect(usageMessage("ports --json")?.contains("only goes with 'peach profile' or 'peach calibrate'") == true)
        #expect(usageMessage("ports --program 3")?.contains("only go with 'peach calibrate'") == true)
        #expect(usageMessage("calibrate now")?.contains("unexpected argument 'now'") == true)
        #expect(usageMessage("calibrat")?.contains("did you mean 'calibrate'") == true)
    }
}
