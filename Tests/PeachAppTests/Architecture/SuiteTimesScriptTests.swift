import Foundation
import Testing

/// scripts/suite-times, which ends the VM run with where its time went: suites longest first, failed ones
/// marked, the whole run's time, from Swift Testing's coloured output.
@Suite struct SuiteTimesScriptTests {
    static let sample = """
    \u{1B}[90m◇\u{1B}[0m Suite RhythmTests started.
    \u{1B}[92m✔\u{1B}[0m Suite RhythmTests passed after 11.021 seconds.
    \u{1B}[91m✘\u{1B}[0m Suite PeachStuckNoteTests failed after 97.815 seconds with 1 issue.
    \u{1B}[92m✔\u{1B}[0m Suite PeachProgramTests passed after 42.5 seconds.
    \u{1B}[92m✔\u{1B}[0m Test theTestItself() passed after 3.000 seconds.
    \u{1B}[91m✘\u{1B}[0m Test run with 60 tests in 25 suites failed after 765.512 seconds with 1 issue.

    """

    @Test func listsTheSuitesLongestFirstWithTheWholeRun() throws {
        let log = try BuiltPeach.temporaryDirectory("suite-times") + "/alsa.log"
        try Self.sample.write(toFile: log, atomically: true, encoding: .utf8)
        let result = try BuiltPeach.shell("\"$1\"/scripts/suite-times \"$2\"", [BuiltPeach.repository, log])
        #expect(result.status == 0, "\(result.err)")
        let lines = result.out.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(lines == ["765.5 s (the whole run)", "97.8 s failed PeachStuckNoteTests", "42.5 s passed PeachProgramTests",
                          "11.0 s passed RhythmTests"])
    }
}
