import Foundation
@testable import PeachApp
import PeachCore
import PeachDisciplines
import PeachStore
import PeachTestSupport
@testable import PeachTrainer
import Testing

/// The composition root's steps that need no sequencer: the history it loads and the interface it chooses.
@MainActor @Suite struct LaunchHistoryTests {
    final class Captured: @unchecked Sendable {
        // @unchecked: only written by the step under test, on the test's thread.
        var err = ""
        var console: Console { Console(out: { _ in }, err: { self.err += $0 }) }
    }

    func copyOfTheFixtureLog() throws -> DataDirectory {
        let path = NSTemporaryDirectory() + "peach-launch-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TodaysMainFixtureTests.log.logPath, toPath: path + "/training.log")
        return DataDirectory(path: path)
    }

    @Test func theHistoryFeedsTheProfileAndTheTrendsAndTheStoreCanWrite() throws {
        let directory = try copyOfTheFixtureLog()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let captured = Captured()
        let loaded = try LaunchHistory.load(directory, codecs: Disciplines.codecs, logger: SilentLogger(),
                                            console: captured.console)
        #expect(loaded.profile.comparisonCount(in: .unisonComparison) == 130)
        #expect(loaded.profile.pitchMatching(in: .unisonPitchMatching).count == 24)
        #expect(loaded.profile.thresholdTests.count == 2)
        #expect(loaded.profile.progress(of: .unisonComparison) != nil)
        #expect(loaded.store.saveFailure == nil)
        #expect(captured.err.isEmpty)
    }

    @Test func aSecondPeachOnTheSameDataIsRefusedBeforeAnythingSounds() throws {
        let directory = try copyOfTheFixtureLog()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let first = try TrainingStore.open(directory, codecs: Disciplines.codecs).store
        let captured = Captured()
        #expect(throws: StartupExit.self) {
            _ = try LaunchHistory.load(directory, codecs: Disciplines.codecs, logger: SilentLogger(), console: captured.console)
        }
        #expect(captured.err.contains("Another Peach process"))
        _ = first
    }

    @Test func plainLinesWhenAskedOrWhenEitherEndIsNoTerminal() {
        var options = CommandLineOptions()
        #expect(!TrainingApp.wantsPlainLines(options, inputIsTerminal: true, outputIsTerminal: true))
        #expect(TrainingApp.wantsPlainLines(options, inputIsTerminal: false, outputIsTerminal: true))
        #expect(TrainingApp.wantsPlainLines(options, inputIsTerminal: true, outputIsTerminal: false))
        options.plain = true
        #expect(TrainingApp.wantsPlainLines(options, inputIsTerminal: true, outputIsTerminal: true))
    }
}
