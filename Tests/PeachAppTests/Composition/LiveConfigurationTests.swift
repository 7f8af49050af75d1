import Foundation
@testable import PeachApp
import PeachConfig
import PeachCore
import PeachDisciplines
import PeachPresentation
import PeachTerminal
import PeachTestSupport
@testable import PeachTrainer
import Testing

@MainActor @Suite struct LiveConfigurationTests {
    func temporaryPath() -> String { NSTemporaryDirectory() + "peach-live-\(UUID().uuidString)/peach.conf" }

    @Test func aMissingFileGivesDefaultsAndTheFirstSaveCreatesIt() throws {
        let path = temporaryPath()
        let live = LiveConfiguration(path: path)
        #expect(live.currentSettings == Disciplines.trainingSettings(from: .defaults))
        #expect(live.set(ConfigSchema.referencePitch, to: .decimal(442)) == nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("reference_pitch = 442"))
        #expect(live.currentSettings.referencePitch == ReferencePitch(hertz: 442))
    }

    @Test func anEditOnDiskAppliesToTheNextTrialAndBadValuesAreReported() throws {
        let path = temporaryPath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "[training]\nreference_pitch = 441\n".write(toFile: path, atomically: true, encoding: .utf8)
        var reported: [ConfigDiagnostic] = []
        let live = LiveConfiguration(path: path) { reported += $0 }
        #expect(live.currentSettings.referencePitch == ReferencePitch(hertz: 441))
        // A later edit with a different size, so the stamp changes even within one mtime tick.
        try "[training]\nreference_pitch = 9999\nlowest_note = D3\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(live.currentSettings.referencePitch == .standard, "invalid value: default used")
        #expect(live.currentSettings.noteRange.lowerBound == MIDINote(name: "D3"))
        #expect(reported.contains { $0.description.contains("reference_pitch") && $0.description.contains("9999") })
    }

    @Test func aRefusedValueIsNotSaved() {
        let live = LiveConfiguration(path: temporaryPath())
        let problem = live.set(ConfigSchema.referencePitch, to: .decimal(1000))
        #expect(problem != nil)
        #expect(live.currentSettings.referencePitch == .standard)
    }
}

@MainActor @Suite struct LiveConfigurationChangeTests {
    @Test func editsAndReloadsBothTellTheChangeHook() throws {
        let path = NSTemporaryDirectory() + "peach-live-\(UUID().uuidString)/peach.conf"
        let live = LiveConfiguration(path: path)
        var seen: [PeachConfiguration] = []
        live.changed = { seen.append($0) }
        #expect(live.set(ConfigSchema.controllerMode, to: .text("pitchbend")) == nil)
        #expect(seen.last?.controller.mode == .pitchBend)
        try "[controller]\nmode = cc14\ncc = 2\n".write(toFile: path, atomically: true, encoding: .utf8)
        live.reloadIfChanged()
        #expect(seen.last?.controller.mode == .cc14)
        #expect(seen.count == 2)
    }
}
