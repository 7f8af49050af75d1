import Foundation

/// Thresholds of neighbouring keyboard regions borrow strength from each other: ln T follows a Gaussian
/// random walk from one region to the next (step SD `stepSD`), the slope and lapse rate are shared by all
/// regions. For each (λ, β) pair the chain is solved exactly by forward-backward on the threshold grid;
/// the pairs are then weighted by their evidence over all regions (shared slope). See
/// docs/threshold-estimator.md.
enum RegionChainSmoother {
    /// Threshold marginals (unnormalised) for each region of a contiguous span; nil = a region without trials
    /// (its likelihood is flat, it only loosens the link between its neighbours).
    static func thresholdMarginals(regions: [ThresholdLikelihood?], grid: ThresholdGrid,
                                   stepSD: Double) -> [[Double]] {
        solve(regions: regions, grid: grid, stepSD: stepSD).marginals
    }

    /// The threshold marginals and each pair's log evidence (`pairLogEvidence`) from one forward pass.
    static func solve(regions: [ThresholdLikelihood?], grid: ThresholdGrid,
                      stepSD: Double) -> (marginals: [[Double]], logEvidence: [Double]) {
        let n = grid.thresholdCount, pairs = grid.pairCount, count = regions.count
        guard count > 0 else { return ([], grid.logPairPrior) }
        let kernel = Kernel(stepSD: stepSD, grid: grid)
        let linear = linearLikelihoods(regions)
        let (alphas, logEvidence) = forwardPass(linear: linear, grid: grid, kernel: kernel, storingMessages: true)

        // Backward pass for the pairs that matter, summing each region's conditional marginal by pair weight.
        let best = logEvidence.max() ?? 0
        var marginals = [[Double]](repeating: [Double](repeating: 0, count: n), count: count)
        var backward = [Double](repeating: 0, count: n), product = [Double](repeating: 0, count: n)
        for pair in 0..<pairs {
            let weight = exp(logEvidence[pair] - best)
            guard weight > 1e-12 else { continue }
            for threshold in 0..<n { backward[threshold] = 1 }
            for region in stride(from: count - 1, through: 0, by: -1) {
                if region < count - 1 {
                    for threshold in 0..<n {
                        product[threshold] = backward[threshold] * (linear[region + 1]?[pair * n + threshold] ?? 1)
                    }
                    kernel.backward(product, into: &backward)
                    let total = backward.reduce(0, +)
                    if total > 0 { for threshold in 0..<n { backward[threshold] /= total } }
                }
                let base = (pair * count + region) * n
                var total = 0.0
                for threshold in 0..<n { total += alphas[base + threshold] * backward[threshold] }
                guard total > 0 else { continue }
                let scale = weight / total
                for threshold in 0..<n { marginals[region][threshold] += alphas[base + threshold] * backward[threshold] * scale }
            }
        }
        return (marginals, logEvidence)
    }

    /// ln (prior × evidence of all regions' trials) for each (λ, β) pair: the shared slope's posterior,
    /// unnormalised (−∞ where a pair cannot explain the trials).
    static func pairLogEvidence(regions: [ThresholdLikelihood?], grid: ThresholdGrid, stepSD: Double) -> [Double] {
        guard !regions.isEmpty else { return grid.logPairPrior }
        let kernel = Kernel(stepSD: stepSD, grid: grid)
        return forwardPass(linear: linearLikelihoods(regions), grid: grid, kernel: kernel, storingMessages: false).logEvidence
    }

    /// Likelihood per region in linear space, scaled by the region's own maximum (a constant per region).
    private static func linearLikelihoods(_ regions: [ThresholdLikelihood?]) -> [[Double]?] {
        regions.map { region in
            guard let region else { return nil }
            let peak = region.logLikelihood.max() ?? 0
            return region.logLikelihood.map { exp($0 - peak) }
        }
    }

    /// Forward pass per pair: normalised messages (if stored) and the pair's log evidence, prior included.
    private static func forwardPass(linear: [[Double]?], grid: ThresholdGrid, kernel: Kernel,
                                    storingMessages: Bool) -> (alphas: [Double], logEvidence: [Double]) {
        let n = grid.thresholdCount, pairs = grid.pairCount, count = linear.count
        var alphas = [Double](repeating: 0, count: storingMessages ? pairs * count * n : 0)
        var logEvidence = [Double](repeating: -.infinity, count: pairs)
        var message = [Double](repeating: 0, count: n), spread = [Double](repeating: 0, count: n)
        for pair in 0..<pairs {
            var logScale = grid.logPairPrior[pair]
            for threshold in 0..<n { message[threshold] = 1 / Double(n) }
            var alive = true
            for region in 0..<count {
                if region > 0 {
                    kernel.forward(message, into: &spread)
                    swap(&message, &spread)
                }
                if let weights = linear[region] {
                    for threshold in 0..<n { message[threshold] *= weights[pair * n + threshold] }
                }
                let total = message.reduce(0, +)
                guard total > 0 else { alive = false; break }
                for threshold in 0..<n { message[threshold] /= total }
                logScale += log(total)
                if storingMessages {
                    let base = (pair * count + region) * n
                    for threshold in 0..<n { alphas[base + threshold] = message[threshold] }
                }
            }
            if alive { logEvidence[pair] = logScale }
        }
        return (alphas, logEvidence)
    }

    /// The random walk's transition on the threshold grid: a truncated Gaussian, each row normalised so
    /// no probability leaves the grid.
    struct Kernel {
        /// K(from → to) = taps[to − from − low] for low ≤ to − from ≤ high (0 elsewhere).
        let taps: [Double]
        let low: Int
        let high: Int
        let rowTotals: [Double]
        let n: Int

        init(stepSD: Double, grid: ThresholdGrid) {
            self.init(stepSD: stepSD, logStep: grid.logStep, count: grid.thresholdCount)
        }

        /// A walk of SD `stepSD` (in ln units) on `count` nodes `logStep` apart, its mean moved by `shift` (ln units;
        /// a level that drifts as well as wanders).
        init(stepSD: Double, shift: Double = 0, logStep: Double, count: Int) {
            n = count
            let sd = max(stepSD / logStep, 1e-6), centre = shift / logStep
            low = max(Int((centre - 4 * sd).rounded(.down)), -(count - 1))
            high = max(min(Int((centre + 4 * sd).rounded(.up)), count - 1), low)
            taps = (low...high).map { exp(-0.5 * pow((Double($0) - centre) / sd, 2)) }
            let low = low, high = high, taps = taps, n = n
            // A row whose whole reach lies off the grid (a shift of more than the grid) has no taps: total 0, and the
            // passes send its mass to the edge it drifts towards.
            rowTotals = (0..<n).map { from in
                let lower = max(0, from + low), upper = min(n - 1, from + high)
                guard lower <= upper else { return 0 }
                return (lower...upper).reduce(0.0) { $0 + taps[$1 - from - low] }
            }
        }

        /// Where a level whose whole step would leave the grid goes: the edge it drifts towards.
        private func edge(_ from: Int) -> Int { from + low > n - 1 ? n - 1 : 0 }

        /// The targets `from` reaches.
        private func reach(_ from: Int) -> ClosedRange<Int>? {
            let lower = max(0, from + low), upper = min(n - 1, from + high)
            return lower <= upper ? lower...upper : nil
        }

        /// out(T) = Σ_T' in(T') · K(T' → T)
        func forward(_ input: [Double], into output: inout [Double]) {
            // Unchecked buffers: this loop is most of a trend's cost (the start-and-now joint runs it per block).
            let n = n, low = low
            output.withUnsafeMutableBufferPointer { out in
                input.withUnsafeBufferPointer { input in
                    taps.withUnsafeBufferPointer { taps in
                        rowTotals.withUnsafeBufferPointer { rowTotals in
                            for to in 0..<n { out[to] = 0 }
                            for from in 0..<n where input[from] != 0 {
                                guard let targets = reach(from), rowTotals[from] > 0 else {
                                    out[edge(from)] += input[from]
                                    continue
                                }
                                let value = input[from] / rowTotals[from]
                                // Half-open and through raw pointers: a closed range's loop does not vectorise.
                                let target = out.baseAddress! + targets.lowerBound
                                let tap = taps.baseAddress! + (targets.lowerBound - from - low)
                                for index in 0..<targets.count { target[index] += value * tap[index] }
                            }
                        }
                    }
                }
            }
        }

        /// out(T') = Σ_T K(T' → T) · in(T)
        func backward(_ input: [Double], into output: inout [Double]) {
            backward(input, into: &output, over: 0...(n - 1))
        }

        /// The same for the levels in `levels` only (0 elsewhere): where the forward message has mass.
        func backward(_ input: [Double], into output: inout [Double], over levels: ClosedRange<Int>) {
            for from in 0..<n where !levels.contains(from) { output[from] = 0 }
            taps.withUnsafeBufferPointer { taps in
                input.withUnsafeBufferPointer { input in
                    for from in levels {
                        guard let targets = reach(from), rowTotals[from] > 0 else {
                            output[from] = input[edge(from)]
                            continue
                        }
                        let tap = taps.baseAddress! + (targets.lowerBound - from - low)
                        let source = input.baseAddress! + targets.lowerBound
                        var total = 0.0
                        for index in 0..<targets.count { total += tap[index] * source[index] }
                        output[from] = total / rowTotals[from]
                    }
                }
            }
        }
    }
}
