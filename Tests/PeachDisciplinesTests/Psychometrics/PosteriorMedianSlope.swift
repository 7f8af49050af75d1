import Foundation
@testable import PeachCore

/// What the slope tests read off a posterior: where its slope marginal puts the median.
extension ThresholdPosterior {
    /// Posterior median slope (geometric interpolation between the log-spaced nodes).
    var medianSlope: Double {
        let position = GridQuantile.position(of: 0.5, in: slopeMarginal).position
        guard grid.slopeCount > 1 else { return grid.slopes[0] }
        let step = log(grid.slopes[1] / grid.slopes[0])
        return grid.slopes[0] * exp(position * step)
    }
}
