import Foundation
import PeachALSA

/// Whether the real-sequencer suites run here. With PEACH_REQUIRE_SEQUENCER=1 (scripts/test-alsa)
/// they always run, so a missing sequencer FAILS them loudly; without it they are skipped with the
/// reason printed (a developer's `swift test` on a machine without /dev/snd/seq).
enum SequencerRequirement {
    static let required = ProcessInfo.processInfo.environment["PEACH_REQUIRE_SEQUENCER"] == "1"

    static let shouldRun: Bool = {
        if required { return true }
        do {
            _ = try ALSASequencer(clientName: "Peach probe")
            return true
        } catch {
            print("PeachALSATests: skipping the real-sequencer tests: \(error) "
                + "(scripts/test-alsa runs them in a VM; set PEACH_REQUIRE_SEQUENCER=1 to fail instead)")
            return false
        }
    }()
}
