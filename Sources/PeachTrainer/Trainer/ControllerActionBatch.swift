import PeachCore
import PeachMIDI

/// Collapses the actions decoded from one batch of controller input before the trainer applies them.
///
/// - consecutive `.setCents` (absolute positions of the slider) → the newest only: a position
///   replaces the one before it, so the ones in between would only be overwritten; the same for
///   consecutive `.routedCents` (positions the sequencer thread has already sounded);
/// - consecutive `.adjustByCents` (relative encoder steps, a pitch-wheel push) → one step of their
///   sum: none is lost, so a wheel released in the batch still lands on its held pitch, whose
///   step the gesture sends just before its `.commit`;
/// - everything else (commit, answers, learned) stays where it was and ends a run, so a position
///   before a commit is applied before the commit and one after it after.
/// A relative step after a position (or the reverse) also ends the run: each moves from what the
/// other left.
public enum ControllerActionBatch {
    public static func coalesce(_ actions: [ControllerAction]) -> [ControllerAction] {
        var result: [ControllerAction] = []
        result.reserveCapacity(min(actions.count, 8))
        for action in actions {
            switch (result.last, action) {
            case (.setCents?, .setCents), (.routedCents?, .routedCents):
                result[result.count - 1] = action
            case (.adjustByCents(let sum)?, .adjustByCents(let step)):
                result[result.count - 1] = .adjustByCents(sum + step)
            default:
                result.append(action)
            }
        }
        return result
    }
}
