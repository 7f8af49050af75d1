import Foundation

/// The "knob moved" light of a tuning screen: on while the last tuning move is recent, then one redraw turns it off.
@MainActor
final class KnobLight {
    /// How long the light stays on after the last tuning move.
    static let duration: TimeInterval = 0.3
    private var offTask: Task<Void, Never>?

    /// Whether the light is on; when it is, `redraw` runs once just after it would go out.
    func isOn(_ controller: TrainerController, redraw: @escaping @MainActor () -> Void) -> Bool {
        guard let moved = controller.lastTuningMove, Date().timeIntervalSince(moved) < Self.duration else { return false }
        offTask?.cancel()
        offTask = Task {
            try? await Task.sleep(for: .milliseconds(Int(Self.duration * 1000) + 20))
            guard !Task.isCancelled else { return }
            redraw()
        }
        return true
    }

    func cancel() { offTask?.cancel() }
}
