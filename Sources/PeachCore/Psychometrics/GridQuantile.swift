/// Quantiles of a distribution given as masses on equally spaced grid nodes. Each node stands for a cell
/// one step wide centred on it, with its mass spread evenly inside, so a quantile can fall between nodes.
public enum GridQuantile {
    /// The quantile `q` (0...1) as a fractional node position in −0.5 ... count − 0.5, and the cell it falls in.
    /// Masses need not be normalised; all-zero masses give the middle of the grid.
    public static func position(of q: Double, in masses: [Double]) -> (position: Double, cell: Int) {
        let total = masses.reduce(0, +)
        guard total > 0, !masses.isEmpty else {
            let middle = Double(masses.count - 1) / 2
            return (middle, max(0, masses.count / 2))
        }
        let target = min(max(q, 0), 1) * total
        var cumulative = 0.0
        for (cell, mass) in masses.enumerated() where mass > 0 {
            if cumulative + mass >= target {
                let fraction = (target - cumulative) / mass
                return (Double(cell) - 0.5 + fraction, cell)
            }
            cumulative += mass
        }
        let last = masses.lastIndex { $0 > 0 } ?? masses.count - 1
        return (Double(last) + 0.5, last)
    }
}
