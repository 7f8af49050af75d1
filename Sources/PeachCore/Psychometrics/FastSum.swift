/// Sums with four independent accumulators: a single running sum is a chain of dependent additions the
/// compiler may not reorder (floating point), which made the posterior update several times slower.
enum FastSum {
    @inline(__always)
    static func sum(_ values: UnsafePointer<Double>, count: Int) -> Double {
        var a = 0.0, b = 0.0, c = 0.0, d = 0.0
        var index = 0
        while index + 4 <= count {
            a += values[index]; b += values[index + 1]; c += values[index + 2]; d += values[index + 3]
            index += 4
        }
        while index < count { a += values[index]; index += 1 }
        return (a + b) + (c + d)
    }

    /// Σ weights[i] · first[i] and Σ weights[i] · second[i] in one pass.
    @inline(__always)
    static func dotPair(_ weights: UnsafePointer<Double>, _ first: UnsafePointer<Double>, _ second: UnsafePointer<Double>,
                        count: Int) -> (Double, Double) {
        var a0 = 0.0, a1 = 0.0, b0 = 0.0, b1 = 0.0
        var index = 0
        while index + 2 <= count {
            a0 += weights[index] * first[index]; a1 += weights[index + 1] * first[index + 1]
            b0 += weights[index] * second[index]; b1 += weights[index + 1] * second[index + 1]
            index += 2
        }
        if index < count { a0 += weights[index] * first[index]; b0 += weights[index] * second[index] }
        return (a0 + a1, b0 + b1)
    }
}
