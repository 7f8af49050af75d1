import Foundation
@testable import PeachApp
import PeachStore
import Testing

/// The page's CSV download is what `peach export` writes; a history it cannot read is said as the command says it,
/// never served as an empty file.
@MainActor @Suite struct PageDownloadsTests {
    @Test func theCSVIsTheExportCommandsAndAnUnreadableHistorySaysWhy() throws {
        let captured = TodaysMainFixtureTests.Captured()
        #expect(ExportCommand.run(directory: TodaysMainFixtureTests.log, path: nil, console: captured.console) == 0)
        #expect(try PageDownloads.csv(TodaysMainFixtureTests.log).get() == captured.out)

        let directory = try BuiltPeach.temporaryDirectory("peach-unreadable")
        try "not a peach log\n".write(toFile: directory + "/training.log", atomically: true, encoding: .utf8)
        guard case .failure(let failure) = PageDownloads.csv(DataDirectory(path: directory)) else {
            Issue.record("a log that is not Peach's was served")
            return
        }
        #expect(failure.description.contains("not a peach log") && !failure.description.hasPrefix("peach: "), "\(failure)")
    }
}
