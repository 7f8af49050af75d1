import Foundation
import PeachText
@testable import PeachTrainer
import Testing

/// Why the guardian did not start reaches the user inside a translated warning, so it is said in their language too.
@Suite struct GuardianLaunchTests {
    @Test func aGuardianThatCannotStartSaysWhyInTheUsersLanguage() {
        let missing = "/nonexistent/peach-\(UUID().uuidString)"
        let reason = String(cString: strerror(ENOENT))
        let german = Localization.rendering(in: .german) { () -> String in
            do {
                _ = try GuardianLink.launch(executable: missing)
                return "started"
            } catch {
                return "\(error)"
            }
        }
        #expect(german == "\(missing) \(Guardian.subcommand) lässt sich nicht starten: \(reason)")
    }
}
