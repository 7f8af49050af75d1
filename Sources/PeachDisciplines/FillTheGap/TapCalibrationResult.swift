import Foundation
import PeachCore

/// What one tap calibration found, per tap source that tapped: the calibration stored for it, or too few taps
/// to trust (nothing stored for that source, its earlier calibration stays).
public struct TapCalibrationResult: Hashable, Sendable {
    public enum Outcome: Hashable, Sendable {
        /// `saveError`: why storing it failed (it is still used until Peach quits); nil when stored.
        case calibrated(TapCalibration, saveError: String?)
        case tooFewTaps(TapSource, taps: Int)
        /// The taps were spread too widely to be tapping along (`spreadLimit`): nothing stored.
        case tooUneven(TapSource, spread: Milliseconds)
    }

    /// How many of the tapped-along clicks a source must hit for its median to be trusted.
    public static let minimumTaps = 16

    /// The most a source's taps may spread (robustly) around their median and still count as tapping along: an
    /// eighth of the beat, but never below 40 ms (a sloppy tapper at a fast tempo). Taps at random moments
    /// spread about three eighths of the beat.
    public static func spreadLimit(beat: Duration) -> Milliseconds {
        Milliseconds(max(Double(beat.nanoseconds) / 8e6, 40))
    }

    public var outcomes: [Outcome]

    public init(outcomes: [Outcome]) { self.outcomes = outcomes }
}
