import PeachCore
import PeachPresentation

/// The chart of a comparison discipline's thresholds: each note shows its region's estimate and 95 % interval;
/// regions with no answers are unknown (no point), never zero. `conclusiveOnly` leaves out the regions whose
/// estimate is not firm yet ("not enough data yet"), as the SVG does: it draws no figure where the text says there
/// is none.
@MainActor
public enum ComparisonChart {
    public static func model(_ profile: PerceptualProfile, range: ClosedRange<MIDINote>,
                             discipline: TrainingDiscipline = .unisonComparison, conclusiveOnly: Bool = false) -> ProfileChartModel {
        let trend = profile.trend(of: discipline)
        guard let thresholds = profile.thresholds(of: discipline) else {
            return ProfileChartModel(points: range.notes.map { ProfileChartPoint(note: $0, threshold: nil) },
                                     trend: trend.map(ProfileTrend.init))
        }
        var byRegion: [Int: ThresholdEstimate] = [:]
        for region in thresholds.regions(in: range) {
            guard let estimate = region.estimate, estimate.isConclusive || !conclusiveOnly else { continue }
            byRegion[thresholds.regionIndex(containing: region.notes.lowerBound)] = estimate
        }
        let points = range.notes.map { note in
            let estimate = byRegion[thresholds.regionIndex(containing: note)]
            return ProfileChartPoint(note: note, threshold: estimate?.median, band: estimate.map { $0.lower...$0.upper })
        }
        return ProfileChartModel(points: points, overall: HearingNow.threshold(profile.progress(of: discipline)) ?? thresholds.overall,
                                 trend: trend.map(ProfileTrend.init))
    }
}

extension ProfileTrend {
    public init(_ trend: TrainingTrend) {
        switch trend {
        case .improving: self = .improving
        case .stable: self = .stable
        case .declining: self = .declining
        }
    }
}
