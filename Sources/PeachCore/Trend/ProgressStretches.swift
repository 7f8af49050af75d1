/// Which periods progress compares: the first and the latest stretch of consecutive periods with enough evidence,
/// so a day of a handful of answers is pooled with its neighbours instead of being compared alone. Each stretch is
/// as short as it can be (the earliest and the latest evidence) and lies in its own half of the history, so they
/// never share a period, and a live answer re-judges at most half the periods.
public enum ProgressStretches {
    /// `periods`: the period indices with answers and their answer counts, oldest first. `isEnough` judges a
    /// candidate stretch (its period indices and answers); it is asked about growing stretches from each end only.
    /// Nil when the history cannot hold two separate stretches with enough evidence.
    public static func firstAndLatest(_ periods: [(index: Int, trials: Int)],
                                      isEnough: (ClosedRange<Int>, Int) -> Bool) -> (first: ClosedRange<Int>, latest: ClosedRange<Int>)? {
        guard let firstIndex = periods.first?.index, let lastIndex = periods.last?.index else { return nil }
        var total = 0
        var firstEnd: Int?
        let half = periods.count / 2
        for position in 0..<half {
            total += periods[position].trials
            if isEnough(firstIndex...periods[position].index, total) {
                firstEnd = position
                break
            }
        }
        guard let firstEnd else { return nil }
        total = 0
        for position in (half..<periods.count).reversed() {
            total += periods[position].trials
            if isEnough(periods[position].index...lastIndex, total) {
                return (firstIndex...periods[firstEnd].index, periods[position].index...lastIndex)
            }
        }
        return nil
    }

    /// Stretches judged by their answer count alone: at least `enough` each.
    public static func firstAndLatest(_ periods: [(index: Int, trials: Int)],
                                      enough: Int) -> (first: ClosedRange<Int>, latest: ClosedRange<Int>)? {
        firstAndLatest(periods) { _, trials in trials >= enough }
    }
}
