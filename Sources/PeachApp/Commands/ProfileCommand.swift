import Foundation
import PeachCore
import PeachStore
import PeachTerminal

/// `peach profile [--svg FILE]`: the perceptual profile from the stored history, as text or as an
/// SVG chart. Read-only: works while a trainer is running.
@MainActor
public enum ProfileCommand {
    public static func run(directory: DataDirectory, range: ClosedRange<MIDINote>, svgPath: String?, console: Console) -> Int32 {
        guard let contents = HistoryReader.read(directory, console: console) else { return 1 }
        let profile = PerceptualProfile()
        profile.rebuild(from: contents.records)
        guard let svgPath else {
            console.out(ProfileReport.lines(profile: profile, history: contents.records, range: range).joined(separator: "\n") + "\n")
            return 0
        }
        let trend = TrainingTrendRule().comparisonTrend(of: contents.records)
        let chart = ScreenModels.profileChart(profile, range: range, trend: trend)
        do {
            try ProfileSVG.render(chart).write(toFile: svgPath, atomically: true, encoding: .utf8)
        } catch {
            console.err("peach: cannot write \(svgPath): \(error.localizedDescription)\n")
            return 1
        }
        console.err("peach: profile chart written to \(svgPath)\n")
        return 0
    }
}
