import Foundation
import Synchronization

/// Whether a tab still shows the page: told how many event streams are open (on the server's thread), it reports
/// the page closed once none has been open for `grace` (a reload closes its stream and opens a new one at once, and
/// must not stop training).
final class PageTabs: Sendable {
    static let grace: Duration = .milliseconds(600)

    private let state = Mutex((open: 0, generation: 0, everOpened: false))
    private let closed: @Sendable () -> Void
    private let grace: Duration

    init(grace: Duration = PageTabs.grace, closed: @escaping @Sendable () -> Void) {
        self.grace = grace
        self.closed = closed
    }

    func countChanged(_ open: Int) {
        let generation = state.withLock { state in
            state.open = open
            state.generation += 1
            state.everOpened = state.everOpened || open > 0
            return state.generation
        }
        guard open == 0 else { return }
        let seconds = Double(grace.components.seconds) + Double(grace.components.attoseconds) * 1e-18
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            let stillClosed = state.withLock { $0.generation == generation && $0.open == 0 && $0.everOpened }
            if stillClosed { closed() }
        }
    }
}
