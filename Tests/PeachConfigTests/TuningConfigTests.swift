import Foundation
@testable import PeachConfig
@testable import PeachConfigFiles
import PeachCore
import PeachDisciplines
import PeachSystem
import Testing

/// `[training] tuning` and `keyboard_mapping`: a word or a named tuning's id reaches the training settings, a .scl and
/// a .kbm are read when the configuration is loaded, and a file that cannot be used is an error with its own line
/// number and the configuration's, while training goes on in equal temperament.
@Suite struct TuningConfigTests {
    static let fifths = "! fifths.scl\nA three-note test scale\n 3\n!\n 9/8\n 3/2\n 2/1\n"

    /// Parses `text` with the named files served from memory instead of the disk.
    static func parse(_ text: String, files: [String: String] = [:]) -> PeachConfiguration {
        ConfigLoader.parse(text: text, file: "/home/u/.config/peach/peach.conf", schema: Disciplines.schema,
                           environment: ["HOME": "/home/u"]) { path throws(UserFileError) in
            guard let content = files[path] else { throw .missing(path: path) }
            return Array(content.utf8)
        }
    }

    static func tuning(_ configuration: PeachConfiguration) -> TuningSystem {
        Disciplines.trainingSettings(from: configuration).tuningSystem
    }

    @Test func wordsAndNamedTuningsReachTheSettings() {
        #expect(Self.tuning(Self.parse("[training]\ntuning = just\n")) == .justIntonation)
        #expect(Self.tuning(Self.parse("[training]\n")) == .equalTemperament)
        let meantone = Self.parse("[training]\ntuning = Meantone-Quarter-Comma\n")
        #expect(meantone.diagnostics.isEmpty, "\(meantone.diagnostics)")
        #expect(Self.tuning(meantone).rawValue == "meantone-quarter-comma")
        #expect(Self.tuning(meantone).scale?.scale == NamedTunings.tuning(id: "meantone-quarter-comma")?.scale)
    }

    @Test func theFormerKeyNameStillReadsAndIsEditedInPlace() {
        let configuration = Self.parse("[training]\ntuning_system = just\n")
        #expect(configuration.diagnostics.isEmpty, "\(configuration.diagnostics)")
        #expect(Self.tuning(configuration) == .justIntonation)
        let edited = ConfigWriter.updating("[training]\ntuning_system = just\n",
                                           with: [ConfigWriter.Change(ConfigSchema.tuningSystem, .text("edo-31"))])
        #expect(edited == "[training]\ntuning_system = edo-31\n")
    }

    @Test func aScaleFileAndAKeyboardMappingAreReadWhenLoaded() throws {
        let configuration = Self.parse("[training]\ntuning = ~/scales/fifths.scl\nkeyboard_mapping = c.kbm\n", files: [
            "/home/u/scales/fifths.scl": Self.fifths,
            "/home/u/.config/peach/c.kbm": "0\n0\n127\n60\n60\n261.6255653\n0\n",
        ])
        #expect(configuration.diagnostics.isEmpty, "\(configuration.diagnostics)")
        let system = Self.tuning(configuration)
        #expect(system.rawValue == "scl:fifths")
        let scale = try #require(system.scale)
        #expect(scale.scale.noteCount == 3)
        #expect(scale.mapping?.referenceNote == MIDINote(60))
    }

    /// Peach does not play a mapping's key pattern, but a degree the scale lacks is a mistake worth naming, with the
    /// .kbm's line; the mapping is still used for its reference key and frequency.
    @Test func aMappingDegreeTheScaleLacksIsAWarningWithItsLine() throws {
        let mapping = "! c.kbm\n3\n0\n127\n60\n60\n261.6255653\n3\n0\nx\n7\n"
        let configuration = Self.parse("[training]\ntuning = fifths.scl\nkeyboard_mapping = c.kbm\n", files: [
            "/home/u/.config/peach/fifths.scl": Self.fifths, "/home/u/.config/peach/c.kbm": mapping,
        ])
        #expect(configuration.errors.isEmpty, "\(configuration.errors)")
        let warning = try #require(configuration.diagnostics.first, "no warning")
        #expect(warning.line == 3)
        #expect("\(warning)".contains("line 11 names degree 7, but fifths.scl has degrees 0 to 3 only"), "\(warning)")
        #expect(Self.tuning(configuration).scale?.mapping?.referenceNote == MIDINote(60))
        let meantone = Self.parse("[training]\ntuning = meantone-quarter-comma\nkeyboard_mapping = c.kbm\n",
                                  files: ["/home/u/.config/peach/c.kbm": mapping])
        #expect(meantone.diagnostics.isEmpty, "12 notes have degree 7: \(meantone.diagnostics)")
        let octave = Self.parse("[training]\ntuning = fifths.scl\nkeyboard_mapping = c.kbm\n", files: [
            "/home/u/.config/peach/fifths.scl": Self.fifths, "/home/u/.config/peach/c.kbm": "0\n0\n127\n60\n60\n261.6\n12\n",
        ])
        #expect("\(octave.diagnostics)".contains("line 7 names degree 12"), "\(octave.diagnostics)")
    }

    @Test func aKeyboardMappingIsAKbmPathOrEmpty() {
        let wrong = Self.parse("[training]\nkeyboard_mapping = mapping.txt\n")
        #expect("\(wrong.errors)".contains("the path of a .kbm file, or empty"), "\(wrong.errors)")
        #expect(ConfigSchema.keyboardMapping.kind.parse("") == .text(""))
        #expect(ConfigSchema.keyboardMapping.kind.parse(" ~/Tunings/C.KBM ") == .text("~/Tunings/C.KBM"))
        #expect(ConfigSchema.keyboardMapping.kind.parse(".kbm") == nil)
    }

    @Test func aMalformedScaleIsAnErrorWithBothLineNumbersAndTrainingGoesOnInEqualTemperament() {
        let configuration = Self.parse("[training]\n\ntuning = bad.scl\n", files: ["/home/u/.config/peach/bad.scl": "bad\n2\n3/0\n2/1\n"])
        #expect(configuration.errors.count == 1)
        let diagnostic = "\(configuration.errors.first!)"
        #expect(diagnostic.contains("line 3") && diagnostic.contains("bad.scl") && diagnostic.contains("3/0"), "\(diagnostic)")
        #expect(configuration.errors.first?.line == 3)
        #expect(Self.tuning(configuration) == .equalTemperament)
    }

    @Test func aMissingFileIsAnErrorThatNamesIt() {
        let configuration = Self.parse("[training]\ntuning = /nowhere/x.scl\nkeyboard_mapping = /nowhere/x.kbm\n")
        #expect(configuration.errors.count == 2)
        #expect(configuration.errors.allSatisfy { "\($0)".contains("/nowhere/x.") }, "\(configuration.errors)")
        #expect(Self.tuning(configuration) == .equalTemperament)
    }

    @Test func aWordThatNamesNoTuningIsRejectedWithTheChoices() {
        let configuration = Self.parse("[training]\ntuning = kirnberger\n")
        #expect(configuration.errors.count == 1)
        let diagnostic = "\(configuration.errors.first!)"
        #expect(diagnostic.contains("kirnberger-3") && diagnostic.contains(".scl"), "\(diagnostic)")
    }

    @Test func theSettingsScreenStepsThroughEveryNamedTuning() {
        var value = ConfigValue.text("equal")
        var seen: [String] = []
        for _ in 0..<ConfigValueKind.tuningWords.count {
            seen.append(value.textValue ?? "")
            value = ConfigValueStepper.stepped(value, of: ConfigSchema.tuningSystem, direction: 1, coarse: false)
        }
        #expect(seen == ConfigValueKind.tuningWords)
        #expect(value == .text("equal"))
        let file = ConfigValue.text("~/x.scl")
        #expect(ConfigValueStepper.stepped(file, of: ConfigSchema.tuningSystem, direction: 1, coarse: false) == .text("equal"))
        #expect(ConfigValueStepper.stepped(file, of: ConfigSchema.tuningSystem, direction: -1, coarse: false) == .text("bohlen-pierce"))
    }
}
