import Foundation
@testable import PeachApp
import PeachCore
import PeachDisciplines
import PeachMIDI
import PeachPresentation
import PeachStore
import PeachTerminal
import PeachTestSupport
@testable import PeachTrainer
import Testing

private func makeCalibration(keys: ClosedRange<Int> = 60...62) -> SynthCalibration {
    SynthCalibration(synthName: "FluidSynth 2.3.1", date: "2026-11-22", centsPerBendSemitone: 99.22, pitchResolution: Cents(1),
                     rounding: .down, honoursBendRange: true,
                     keyTuning: KeyTuning(offsets: Dictionary(uniqueKeysWithValues: keys.map { (MIDINote($0)!, Cents(Double($0 - 61) * 1.55)) })),
                     bendRange: .default, uncorrectableKeys: [MIDINote(61)!], unsteadyKeys: [MIDINote(62)!])
}

private func makeScratch() throws -> (directory: String, soundFont: String) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-cache-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let soundFont = directory + "/test.sf2"
    try Data("not really a SoundFont".utf8).write(to: URL(fileURLWithPath: soundFont))
    return (directory, soundFont)
}

@Suite struct CalibrationCacheTests {
    @Test func aStoredCalibrationComesBackWhole() throws {
        let scratch = try makeScratch()
        defer { try? FileManager.default.removeItem(atPath: scratch.directory) }
        let cache = CalibrationCache(directory: scratch.directory + "/calibration")
        let key = try #require(CalibrationCache.key(soundFont: scratch.soundFont, instrument: .piano, bendRange: .default))
        #expect(cache.load(key) == nil)
        try cache.save(makeCalibration(), for: key)
        #expect(cache.load(key) == makeCalibration())
    }

    /// A synth's bend resolution is stored and comes back; a file written before it was measured
    /// (no `bendResolutionBits`) reads as a full 14-bit bend, and an impossible one is refused.
    @Test func theBendResolutionIsStoredAndOlderFilesReadAsFourteenBits() throws {
        var sevenBit = makeCalibration()
        sevenBit.bendResolutionBits = 7
        let encoded = try JSONEncoder().encode(CalibrationRecord(sevenBit))
        #expect(try JSONDecoder().decode(CalibrationRecord.self, from: encoded).calibration == sevenBit)
        #expect(try JSONDecoder().decode(CalibrationRecord.self, from: encoded).calibration?.profile(basedOn: .generalMIDI).bendStep == 128)

        var object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        object["bendResolutionBits"] = nil
        let older = try JSONDecoder().decode(CalibrationRecord.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(older.calibration?.bendResolutionBits == 14)
        object["bendResolutionBits"] = 3
        let impossible = try JSONDecoder().decode(CalibrationRecord.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(impossible.calibration == nil)
    }

    @Test func theReportSaysHowFineTheBendIs() {
        var sevenBit = makeCalibration()
        sevenBit.bendResolutionBits = 7
        let coarse = CalibrationReport.lines(sevenBit)
        #expect(coarse.contains { $0.hasPrefix("  bend         7-bit bend (3.10 c steps at ±2 st): Peach aims") }, "\(coarse)")
        #expect(coarse[0].contains("1 c floor, 7-bit bend, keys within"))
        #expect(CalibrationReport.lines(makeCalibration()).contains("  bend         14-bit bend (0.024 c steps at ±2 st)"))
    }

    @Test func anotherProgramBankRangeOrAChangedSoundFontIsMeasuredAgain() throws {
        let scratch = try makeScratch()
        defer { try? FileManager.default.removeItem(atPath: scratch.directory) }
        let cache = CalibrationCache(directory: scratch.directory + "/calibration")
        let key = try #require(CalibrationCache.key(soundFont: scratch.soundFont, instrument: .piano, bendRange: .default))
        try cache.save(makeCalibration(), for: key)
        let others = [CalibrationCache.key(soundFont: scratch.soundFont, instrument: InstrumentSelection(program: 73), bendRange: .default),
                      CalibrationCache.key(soundFont: scratch.soundFont, instrument: InstrumentSelection(program: 0, bankMSB: 8), bendRange: .default),
                      CalibrationCache.key(soundFont: scratch.soundFont, instrument: .piano, bendRange: BendRange(semitones: 12))]
        for other in others { #expect(cache.load(try #require(other)) == nil) }
        // The same path rewritten (new size and time) is another SoundFont.
        try Data("a different SoundFont, longer".utf8).write(to: URL(fileURLWithPath: scratch.soundFont))
        let changed = try #require(CalibrationCache.key(soundFont: scratch.soundFont, instrument: .piano, bendRange: .default))
        #expect(changed != key)
        #expect(cache.load(changed) == nil)
    }

    @Test func aDamagedFileIsIgnored() throws {
        let scratch = try makeScratch()
        defer { try? FileManager.default.removeItem(atPath: scratch.directory) }
        let cache = CalibrationCache(directory: scratch.directory + "/calibration")
        let key = try #require(CalibrationCache.key(soundFont: scratch.soundFont, instrument: .piano, bendRange: .default))
        try cache.save(makeCalibration(), for: key)
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: cache.path(for: key)))
        #expect(cache.load(key) == nil)
    }

    @Test func theSourceUsesTheCacheOnlyWhenItCoversTheTrainingRange() throws {
        let scratch = try makeScratch()
        defer { try? FileManager.default.removeItem(atPath: scratch.directory) }
        let cache = CalibrationCache(directory: scratch.directory + "/calibration")
        let calibrator = FluidSynthCalibrator(soundFont: scratch.soundFont, plan: CalibrationPlan(
            instrument: .piano, bendRange: .default, keys: MIDINote(60)!...MIDINote(62)!))
        let source = FluidSynthCalibrationSource(calibrator: calibrator, cache: cache)
        try cache.save(makeCalibration(), for: try #require(source.cacheKey))
        #expect(source.cached() == makeCalibration())
        var wider = source
        wider.calibrator.plan.keys = MIDINote(59)!...MIDINote(62)!
        #expect(wider.cached() == nil)
    }

    @Test func theCalibratedProfileCarriesTheMeasuredFacts() {
        let profile = makeCalibration().profile(basedOn: .fluidSynth2)
        #expect(profile.centsPerBendSemitone == 99.22)
        #expect(profile.pitchResolution == Cents(1))
        #expect(profile.rounding == .down)
        #expect(!profile.honoursBendRangeCents, "what calibration cannot see comes from the built-in profile")
        #expect(profile.keyTuning.offset(of: MIDINote(62)!) == Cents(1.55))
        #expect(MIDISetup.synthProfile(.generic, destination: nil, calibration: makeCalibration()) == .generalMIDI)
        #expect(MIDISetup.synthProfile(.auto, destination: nil, calibration: makeCalibration()).keyTuning == profile.keyTuning)
    }
}

@Suite struct StoredCalibrationSummaryTests {
    @Test func portsSaysWhatIsStoredForTheSoundFontAndPreset() throws {
        let scratch = try makeScratch()
        defer { try? FileManager.default.removeItem(atPath: scratch.directory) }
        let data = DataDirectory(path: scratch.directory)
        let before = StartupCalibration.storedSummary(soundFont: scratch.soundFont, configuration: .defaults, dataDirectory: data)
        #expect(before == "FluidSynth calibration (test.sf2, bank 0 program 0): not yet measured "
                + "(it runs when Peach first starts FluidSynth, or: peach calibrate)")
        let source = StartupCalibration.source(soundFont: scratch.soundFont, configuration: .defaults, dataDirectory: data)
        let covering = makeCalibration(keys: source.calibrator.plan.keys.lowerBound.rawValue...source.calibrator.plan.keys.upperBound.rawValue)
        try source.cache.save(covering, for: try #require(source.cacheKey))
        let after = StartupCalibration.storedSummary(soundFont: scratch.soundFont, configuration: .defaults, dataDirectory: data)
        #expect(after == "FluidSynth calibration (test.sf2, bank 0 program 0): " + covering.summary)
    }
}
