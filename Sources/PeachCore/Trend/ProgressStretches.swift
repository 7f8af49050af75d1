/// Which periods progress compares: the first and the latest stretch of consecutive periods that each hold at least
/// `enough` answers, so a day of a handful of answers is pooled with its neighbours instead of being compared alone.
/// Each stretch is as short as it can be (the earliest and the latest evidence); they never share a period.
public enum ProgressStretches {
    /// `periods`: the period indices with answers and their answer counts, oldest first. Nil when the history
    /// cannot hold two separate stretches with enough answers.
    public static func firstAndLatest(_ periods: [(index: Int, trials: Int)],
                                      enough: Int) -> (first: ClosedRange<Int>, latest: ClosedRange<Int>)? {
        guard let firstEnd = position(reaching: enough, in: periods.indices.map { periods[$0].trials }),
              let fromEnd = position(reaching: enough, in: periods.indices.reversed().map { periods[$0].trials })
        else { return nil }
        let latestStart = periods.count - 1 - fromEnd
        guard firstEnd < latestStart else { return nil }
        return (periods[0].index...periods[firstEnd].index, periods[latestStart].index...periods[periods.count - 1].index)
    }

    /// The position at which the running sum of `counts` first reaches `enough`.
    private static func position(reaching enough: Int, in counts: [Int]) -> Int? {
        var total = 0
        for (position, count) in counts.enumerated() {
            total += count
            if total >= enough { return position }
        }
        return nil
    }
}
