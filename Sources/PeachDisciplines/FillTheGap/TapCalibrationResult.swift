import Foundation
import PeachCore

/// What one tap calibration found, per tap source that tapped: the calibration stored for it, or too few taps
/// to trust (nothing stored for that source, its earlier calibration stays).
public struct TapCalibrationResult: Hashable, Sendable {
    public enum Outcome: Hashable, Sendable {
        /// `saveError`: why storing it failed (it is still used until Peach quits); nil when stored.
        case calibrated(TapCalibration, saveError: String?)
        case tooFewTaps(TapSource, taps: Int)
    }

    /// How many of the tapped-along clicks a source must hit for its median to be trusted.
    public static let minimumTaps = 16

    public var outcomes: [Outcome]

    public init(outcomes: [Outcome]) { self.outcomes = outcomes }
}
