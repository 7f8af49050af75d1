import Foundation
import Testing
@testable import PeachCore

/// A tuning system is a value known by its record spelling: the two built-in systems keep theirs, a named tuning is
/// its id, a user's file "scl:" and its name; a record's word brings back the same system.
@Suite struct TuningSystemValueTests {
    @Test func everySpellingReadsBackAsTheSameSystem() throws {
        let named = NamedTunings.all.map { TuningSystem.named($0) }
        for system in [TuningSystem.equalTemperament, .justIntonation] + named {
            let read = try #require(TuningSystem(rawValue: system.rawValue))
            #expect(read == system)
            #expect(read.kind == system.kind)
            #expect(read.scale?.scale == system.scale?.scale)
        }
        #expect(TuningSystem.equalTemperament.rawValue == "equalTemperament")
        #expect(TuningSystem.justIntonation.rawValue == "justIntonation")
    }

    @Test func aFilesTuningIsKnownByItsNameAlone() throws {
        let scale = try ScalaScale.parse("my scale\n2\n!\n3/2\n2/1\n")
        let system = TuningSystem.file(named: "my 19-tone (v2)", scale: scale)
        #expect(system.rawValue == "scl:my_19-tone__v2_")
        #expect(system.name == "my_19-tone__v2_.scl")
        let read = try #require(TuningSystem(rawValue: system.rawValue))
        #expect(read == system)
        #expect(read.scale == nil)
        #expect(read.name == system.name)
    }

    @Test func wordsThatNameNoSystemAreRefused() {
        for word in ["", "equal", "just", "edo-32", "scl:", "scl:a b", "scl:a\tb", "EqualTemperament"] {
            #expect(TuningSystem(rawValue: word) == nil, "\(word)")
        }
    }

    @Test func aUnisonIsOneDisciplineWhateverTheTuning() throws {
        let meantone = TuningSystem.named(try #require(NamedTunings.tuning(id: "meantone-quarter-comma")))
        #expect(TrainingDiscipline(.comparison, interval: .perfectUnison, tuningSystem: meantone) == .unisonComparison)
        #expect(TrainingDiscipline(.comparison, interval: .perfectFifth, tuningSystem: meantone)
                    != TrainingDiscipline(.comparison, interval: .perfectFifth, tuningSystem: .equalTemperament))
    }

    @Test func codableUsesTheSpelling() throws {
        let system = TuningSystem.named(try #require(NamedTunings.tuning(id: "edo-31")))
        let data = try JSONEncoder().encode([system])
        #expect(String(decoding: data, as: UTF8.self) == "[\"edo-31\"]")
        #expect(try JSONDecoder().decode([TuningSystem].self, from: data) == [system])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([TuningSystem].self, from: Data("[\"nope\"]".utf8)) }
    }
}
