import Foundation
@testable import PeachApp
import PeachConfig
import PeachCore
import PeachDisciplines
import PeachMIDI
import PeachStore
@testable import PeachTrainer
import Testing

/// Calibration measures the keys the configured trials reach, and a stored calibration of fewer keys
/// is neither taken as covering them nor used without saying so.
@Suite struct CalibrationKeysTests {
    /// The session: A4 only, comparisons up to ±60 c.
    static let a4Only = PeachConfiguration(values: [
        ConfigSchema.lowestNote.id: .note(.a4), ConfigSchema.highestNote.id: .note(.a4),
        ComparisonSettings.maximumCentDifference.id: .decimal(60),
    ], diagnostics: [])

    static func calibration(keys: ClosedRange<Int>) -> SynthCalibration {
        SynthCalibration(synthName: "Neighbour Synth", date: "2026-11-25", centsPerBendSemitone: 100, pitchResolution: .zero,
                         rounding: .nearest, honoursBendRange: true,
                         keyTuning: KeyTuning(offsets: Dictionary(uniqueKeysWithValues: keys.map { (MIDINote($0)!, Cents(1)) })),
                         bendRange: .default)
    }

    @Test func theCalibratedKeysReachBeyondTheNoteRange() {
        let keys = CalibrationKeys.reachable(with: Self.a4Only)
        #expect(keys.contains(MIDINote(68)!) && keys.contains(MIDINote(70)!), "\(keys)")
        // The pitch wheel (150 c) from a start up to 100 c off: 250 c down reaches F♯4; the default
        // intervals (up to a fifth up) plus 250 c reach G5.
        #expect(keys == MIDINote(66)!...MIDINote(79)!)
    }

    @Test func aCalibrationOfTheNoteRangeAloneIsNotTakenAsCoveringThem() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peach-keys-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let soundFont = directory + "/test.sf2"
        try Data("not really a SoundFont".utf8).write(to: URL(fileURLWithPath: soundFont))
        let source = StartupCalibration.source(soundFont: soundFont, configuration: Self.a4Only,
                                               dataDirectory: DataDirectory(path: directory))
        try source.cache.save(Self.calibration(keys: 60...69), for: try #require(source.cacheKey))
        #expect(source.cached() == nil, "a calibration of A4 (and C4) does not cover G♯4…")
        try source.cache.save(Self.calibration(keys: 60...79), for: try #require(source.cacheKey))
        #expect(source.cached() == Self.calibration(keys: 60...79))
    }

    @Test func unmeasuredReachableKeysAreNamed() throws {
        let keys = MIDINote(68)!...MIDINote(70)!
        let warning = try #require(CalibrationKeys.coverageWarning(Self.calibration(keys: 69...69), keys: keys))
        #expect(warning.hasPrefix("the stored calibration of Neighbour Synth did not measure G#4 A#4, which these settings reach"),
                "\(warning)")
        #expect(CalibrationKeys.coverageWarning(Self.calibration(keys: 60...79), keys: keys) == nil)
        let many = try #require(CalibrationKeys.coverageWarning(Self.calibration(keys: 69...69), keys: MIDINote(60)!...MIDINote(79)!))
        #expect(many.contains("19 keys, C4–G5"), "\(many)")
    }
}
