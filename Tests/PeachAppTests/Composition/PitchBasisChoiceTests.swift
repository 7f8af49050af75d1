import Foundation
@testable import PeachApp
import PeachConfig
import PeachConfigFiles
import PeachCore
import PeachDisciplines
import PeachMIDI
import PeachStore
@testable import PeachTrainer
import Testing

/// The composition root decides once what every presented pitch rests on, from what it wired: the synth's port,
/// the calibration start-up found (`StartupCalibration`) and `[midi] synth_profile`. The basis always follows
/// the profile the player really uses (`MIDISetup.synthProfile`), so a record never claims more than was measured.
@Suite struct PitchBasisChoiceTests {
    static func port(_ client: String) -> SequencerPortInfo {
        SequencerPortInfo(address: SequencerAddress(client: 130, port: 0), clientName: client, portName: "in",
                          clientKind: .user, capabilities: [.write, .subscribeWrite], types: [.synthesizer])
    }

    static func config(_ text: String = "") -> PeachConfiguration { ConfigLoader.parse(text: text, file: "test.conf", schema: Disciplines.schema) }

    static func calibration(synth: String) -> SynthCalibration {
        SynthCalibration(synthName: synth, date: "2026-11-27", centsPerBendSemitone: 97, pitchResolution: .zero,
                         rounding: .nearest, honoursBendRange: true,
                         keyTuning: KeyTuning(offsets: Dictionary(uniqueKeysWithValues: (36...96).map { (MIDINote($0)!, Cents(2)) })),
                         bendRange: .default)
    }

    static let peachsFluidSynth = port("Peach FluidSynth 4242")
    static let hardware = port("Roland JV-1080")

    /// A data directory holding, when asked, what `peach calibrate --capture` stores for `synth`.
    static func dataDirectory(capturing synth: String?, _ config: PeachConfiguration) throws -> DataDirectory {
        let directory = DataDirectory(path: NSTemporaryDirectory() + "peach-basis-" + UUID().uuidString)
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        guard let synth else { return directory }
        let midi = config.midi
        let key = CalibrationCache.key(synth: synth, instrument: InstrumentSelection(program: midi.program, bankMSB: midi.bank),
                                       bendRange: BendRange(semitones: midi.bendRangeSemitones))
        try CalibrationCache(dataDirectory: directory).save(calibration(synth: synth), for: key)
        return directory
    }

    /// What start-up finds for an existing port, and the basis the composition then records.
    static func basisAtStartUp(_ port: SequencerPortInfo, capturedAs synth: String?, config text: String = "") async throws
        -> (basis: PitchBasis, calibrated: Bool) {
        let config = config(text)
        let directory = try dataDirectory(capturing: synth, config)
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let found = await StartupCalibration.calibration(for: .existing(port), configuration: config,
                                                         dataDirectory: directory) { _ in }
        return (MIDISetup.pitchBasis(config.midi.synthProfile, destination: port, calibration: found), found != nil)
    }

    @Test func fluidSynthCalibratedAtStartIsMeasured() {
        let calibration = Self.calibration(synth: "FluidSynth 2.3.1")
        #expect(MIDISetup.pitchBasis(.auto, destination: Self.peachsFluidSynth, calibration: calibration) == .measured)
        #expect(MIDISetup.pitchBasis(.fluidsynth, destination: Self.peachsFluidSynth, calibration: calibration) == .measured)
    }

    /// A calibration that failed (or a FluidSynth someone else started): the built-in FluidSynth profile.
    @Test func fluidSynthWithoutACalibrationRestsOnTheBuiltInProfile() async throws {
        #expect(MIDISetup.pitchBasis(.auto, destination: Self.peachsFluidSynth, calibration: nil) == .builtIn)
        let own = try await Self.basisAtStartUp(Self.port("FLUID Synth (123)"), capturedAs: nil)
        #expect(own.basis == .builtIn && !own.calibrated)
    }

    @Test func anExternalSynthRecordedWithCaptureIsMeasured() async throws {
        let found = try await Self.basisAtStartUp(Self.hardware, capturedAs: "Roland JV-1080")
        #expect(found.calibrated)
        #expect(found.basis == .measured)
    }

    /// Nothing measured about it: its trials' cents are only what Peach sent. Another synth's capture does not count.
    @Test func anExternalSynthWithoutACalibrationIsAssumed() async throws {
        let none = try await Self.basisAtStartUp(Self.hardware, capturedAs: nil)
        #expect(none.basis == .assumed && !none.calibrated)
        let another = try await Self.basisAtStartUp(Self.hardware, capturedAs: "Yamaha MU80")
        #expect(another.basis == .assumed && !another.calibrated)
    }

    /// `synth_profile = generic` forces the ideal profile: a calibration on disk (or handed over) is not used,
    /// so nothing measured is claimed, for hardware and FluidSynth alike.
    @Test func theGenericProfileIsAssumedEvenWithACalibration() async throws {
        let forced = try await Self.basisAtStartUp(Self.hardware, capturedAs: "Roland JV-1080",
                                                   config: "[midi]\nsynth_profile = generic\n")
        #expect(forced.basis == .assumed && !forced.calibrated)
        let calibration = Self.calibration(synth: "FluidSynth 2.3.1")
        #expect(MIDISetup.pitchBasis(.generic, destination: Self.peachsFluidSynth, calibration: calibration) == .assumed)
    }

    /// The configured FluidSynth profile on a port whose name does not say so: built-in, as the player uses it.
    @Test func aForcedFluidSynthProfileIsBuiltIn() {
        #expect(MIDISetup.pitchBasis(.fluidsynth, destination: Self.hardware, calibration: nil) == .builtIn)
    }

    /// Over every combination the basis says what the player's profile is made of: measured exactly when a
    /// calibration replaced the built-in one, assumed exactly when the profile is the ideal General MIDI synth.
    @Test func theBasisFollowsTheProfileThePlayerUses() {
        let choices: [MIDIConfiguration.SynthProfile] = [.auto, .fluidsynth, .generic]
        let calibrations: [SynthCalibration?] = [nil, Self.calibration(synth: "any")]
        for choice in choices {
            for destination in [Self.peachsFluidSynth, Self.hardware, nil] {
                for calibration in calibrations {
                    let profile = MIDISetup.synthProfile(choice, destination: destination, calibration: calibration)
                    let basis = MIDISetup.pitchBasis(choice, destination: destination, calibration: calibration)
                    let builtIns: [SynthProfile] = [.fluidSynth2, .generalMIDI]
                    #expect((basis == .measured) == !builtIns.contains(profile), "\(choice) \(String(describing: destination))")
                    #expect((basis == .assumed) == (profile == .generalMIDI), "\(choice) \(String(describing: destination))")
                }
            }
        }
    }
}
