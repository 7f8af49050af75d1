import Foundation

/// Where tests leave files worth a look after a run (rendered WAVs): $PEACH_TEST_OUTPUT, set by
/// scripts/test-alsa to .build/alsa-test-output, else a temporary directory.
enum TestOutput {
    static func file(_ name: String) throws -> URL {
        let directory = ProcessInfo.processInfo.environment["PEACH_TEST_OUTPUT"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("peach-alsa-tests")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent(name)
    }
}
