import Foundation
import PeachCore
import PeachText

/// The profile as a standalone SVG picture (`peach profile --svg FILE`): a title, then one panel per
/// discipline section (each discipline's report draws its own; comparisons use `chartPanel`).
public enum ProfileSVG {
    public static let width = 800.0

    /// The whole picture: the title, then the panels stacked top to bottom (the first one leaves room for the
    /// title at its top, as `chartPanel` does).
    public static func document(title: String = tr(.chartTitle), panels: [SVGPanel],
                                width: Double = width) -> String {
        let height = max(panels.reduce(0) { $0 + $1.height }, 1)
        var svg: [String] = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(n(width))" height="\#(n(height))" viewBox="0 0 \#(n(width)) \#(n(height))" font-family="sans-serif" font-size="12">"#,
            #"<title>\#(escape(title))</title>"#,
            #"<rect x="0" y="0" width="\#(n(width))" height="\#(n(height))" fill="white"/>"#,
            #"<text x="\#(n(width / 2))" y="22" text-anchor="middle" font-size="16">\#(escape(title))</text>"#,
        ]
        var top = 0.0
        for panel in panels {
            // The first panel is drawn in place; later ones are moved down below it.
            if top == 0 {
                svg += panel.elements
            } else {
                svg.append(#"<g transform="translate(0,\#(n(top)))">"#)
                svg += panel.elements
                svg.append("</g>")
            }
            top += panel.height
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    /// The threshold chart alone as a picture (one panel).
    public static func render(_ model: ProfileChartModel, title: String = tr(.chartTitle),
                              width: Double = width, height: Double = 400) -> String {
        document(title: title, panels: [chartPanel(model, width: width, height: height)], width: width)
    }

    /// The threshold chart: log-cents axis with decade grid lines, a keyboard axis labelled at every C, the
    /// confidence band and the threshold line, and a summary line at the bottom. `heading` is written at its
    /// top left (the first panel leaves the top for the picture's title instead).
    /// What the x axis shows: the keyboard (a label at every C), one label per point, or nothing.
    public enum XAxis: Sendable {
        case notes
        case labels([String], title: String)
        case none
    }

    /// `unit` follows each tick ("ct", "ms"), `quantity` names the y axis ("threshold (cents, log scale)").
    public static func chartPanel(_ model: ProfileChartModel, heading: String? = nil, width: Double = width,
                                  height: Double = 400, xAxis: XAxis = .notes, unit: String = "ct",
                                  quantity: String = tr(.chartThresholdAxis)) -> SVGPanel {
        let left = 70.0, right = 20.0, top = 40.0, bottom = 70.0
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let scale = ThresholdScale(fitting: model)
        let count = max(model.points.count, 1)
        func x(_ index: Int) -> Double { left + plotWidth * (Double(index) + 0.5) / Double(count) }
        func y(_ cents: Double) -> Double { top + plotHeight * (1 - scale.fraction(cents)) }

        var svg: [String] = []
        if let heading { svg.append(#"<text x="\#(n(left))" y="24" font-size="14">\#(escape(heading))</text>"#) }
        for tick in scale.decadeTicks {
            svg.append(#"<line class="grid" x1="\#(n(left))" y1="\#(n(y(tick)))" x2="\#(n(width - right))" y2="\#(n(y(tick)))" stroke="rgb(221,221,221)"/>"#)
            svg.append(#"<text x="\#(n(left - 8))" y="\#(n(y(tick) + 4))" text-anchor="end">\#(escape(LocalizedNumber.localizing(ThresholdScale.tickLabel(tick)) + " " + unit))</text>"#)
        }
        svg.append(#"<line class="axis" x1="\#(n(left))" y1="\#(n(top))" x2="\#(n(left))" y2="\#(n(top + plotHeight))" stroke="black"/>"#)
        svg.append(#"<line class="axis" x1="\#(n(left))" y1="\#(n(top + plotHeight))" x2="\#(n(width - right))" y2="\#(n(top + plotHeight))" stroke="black"/>"#)
        switch xAxis {
        case .notes:
            for (index, point) in model.points.enumerated() where point.note.rawValue % 12 == 0 {
                svg.append(#"<line x1="\#(n(x(index)))" y1="\#(n(top + plotHeight))" x2="\#(n(x(index)))" y2="\#(n(top + plotHeight + 5))" stroke="black"/>"#)
                svg.append(#"<text class="note" x="\#(n(x(index)))" y="\#(n(top + plotHeight + 18))" text-anchor="middle">\#(escape(point.note.name))</text>"#)
            }
            svg.append(#"<text x="\#(n(left + plotWidth / 2))" y="\#(n(height - 30))" text-anchor="middle">\#(escape(tr(.chartNote)))</text>"#)
        case .labels(let labels, let title):
            for (index, label) in labels.enumerated() {
                svg.append(#"<text x="\#(n(x(index)))" y="\#(n(top + plotHeight + 18))" text-anchor="middle">\#(escape(label))</text>"#)
            }
            svg.append(#"<text x="\#(n(left + plotWidth / 2))" y="\#(n(height - 30))" text-anchor="middle">\#(escape(title))</text>"#)
        case .none:
            break
        }
        svg.append(#"<text x="16" y="\#(n(top + plotHeight / 2))" text-anchor="middle" transform="rotate(-90 16 \#(n(top + plotHeight / 2)))">\#(escape(quantity))</text>"#)

        // Runs of consecutive trained notes: the band and the line break at untrained notes.
        for run in trainedRuns(model) {
            // A lone point (one tempo range, one threshold test) has no area to fill: its interval is a bar.
            if run.count == 1, let index = run.first {
                let top = y(bandEdge(model, index, upper: true)), bottom = y(bandEdge(model, index, upper: false))
                svg.append(#"<rect class="band" x="\#(n(x(index) - 6))" y="\#(n(top))" width="12" height="\#(n(max(bottom - top, 1)))" fill="rgb(244,162,97)" fill-opacity="0.35"/>"#)
            }
            let upper = run.map { "\(n(x($0))),\(n(y(bandEdge(model, $0, upper: true))))" }
            let lower = run.reversed().map { "\(n(x($0))),\(n(y(bandEdge(model, $0, upper: false))))" }
            svg.append(#"<polygon class="band" points="\#((upper + lower).joined(separator: " "))" fill="rgb(244,162,97)" fill-opacity="0.35" stroke="none"/>"#)
            let line = run.map { "\(n(x($0))),\(n(y(threshold(model, $0))))" }
            svg.append(#"<polyline class="threshold" points="\#(line.joined(separator: " "))" fill="none" stroke="rgb(231,111,81)" stroke-width="2"/>"#)
            for index in run {
                svg.append(#"<circle cx="\#(n(x(index)))" cy="\#(n(y(threshold(model, index))))" r="2.5" fill="rgb(231,111,81)"/>"#)
            }
        }
        svg.append(#"<text x="\#(n(left))" y="\#(n(height - 10))">\#(escape(summary(model)))</text>"#)
        return SVGPanel(height: height, elements: svg)
    }

    /// Escapes the five XML special characters for text and attribute values.
    public static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }

    static func summary(_ model: ProfileChartModel) -> String {
        guard model.hasData else { return tr(.chartNoTraining) }
        var parts: [String] = []
        // An estimate that is not firm yet says so ("not enough data yet (14 answers)") instead of naming a threshold.
        if let overall = model.overall {
            parts.append(overall.isConclusive ? tr(.chartThreshold, ["threshold": ScreenFormat.threshold(overall)]) : ScreenFormat.threshold(overall))
        }
        if let trend = model.trend { parts.append(tr(.chartTrend, ["trend": trend.label])) }
        parts.append(tr(.chartBand))
        return parts.joined(separator: " · ")
    }

    private static func trainedRuns(_ model: ProfileChartModel) -> [[Int]] {
        var runs: [[Int]] = []
        var current: [Int] = []
        for (index, point) in model.points.enumerated() {
            if point.threshold != nil { current.append(index) } else if !current.isEmpty { runs.append(current); current = [] }
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    private static func threshold(_ model: ProfileChartModel, _ index: Int) -> Double { model.points[index].threshold?.value ?? 0 }
    private static func bandEdge(_ model: ProfileChartModel, _ index: Int, upper: Bool) -> Double {
        let point = model.points[index]
        let edge = upper ? point.band?.upperBound : point.band?.lowerBound
        return edge?.value ?? threshold(model, index)
    }

    /// Coordinates with at most one decimal, so the output is stable and compact: "12", "12.5", "-0.3".
    public static func n(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        if tenths.truncatingRemainder(dividingBy: 10) == 0, abs(tenths) < 1e16 { return String(Int(tenths / 10)) }
        return String(format: "%.1f", tenths / 10)
    }
}
