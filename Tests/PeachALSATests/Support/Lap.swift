import Foundation

/// Prints how long each stage of a slow VM test took ("browser: Chromium started: 61.2 s"), so the run's log shows
/// where a suite's share of the CI budget goes.
final class Lap {
    private let prefix: String
    private let clock = ContinuousClock()
    private var last: ContinuousClock.Instant

    init(_ prefix: String) {
        self.prefix = prefix
        last = clock.now
    }

    func callAsFunction(_ stage: String) {
        let now = clock.now
        print("\(prefix): \(stage): " + String(format: "%.1f s", (now - last) / .seconds(1)))
        last = now
    }
}
