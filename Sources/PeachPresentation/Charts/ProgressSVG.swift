import PeachText

/// A progress chart as an SVG panel, drawn under each discipline's own panel: per day or week the value (dot and
/// line) and its 95 % interval (a bar of the band's colour), log axis with decade grid lines, dates underneath.
public enum ProgressSVG {
    public static func panel(_ model: ProgressChartModel, heading: String, width: Double = ProfileSVG.width,
                             height: Double = 210) -> SVGPanel {
        let left = 70.0, right = 20.0, top = 36.0, bottom = 58.0
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let scale = model.scale
        let count = max(model.points.count, 1)
        func x(_ index: Int) -> Double { left + plotWidth * (Double(index) + 0.5) / Double(count) }
        func y(_ value: Double) -> Double { top + plotHeight * (1 - scale.fraction(value)) }
        var svg = [#"<text x="\#(n(left))" y="22" font-size="13">\#(ProfileSVG.escape(heading))</text>"#,
                   #"<text x="\#(n(width - right))" y="22" text-anchor="end">\#(ProfileSVG.escape(model.trend))</text>"#]
        for tick in scale.decadeTicks {
            svg.append(#"<line class="grid" x1="\#(n(left))" y1="\#(n(y(tick)))" x2="\#(n(width - right))" y2="\#(n(y(tick)))" stroke="rgb(221,221,221)"/>"#)
            svg.append(#"<text x="\#(n(left - 8))" y="\#(n(y(tick) + 4))" text-anchor="end">\#(ProfileSVG.escape(LocalizedNumber.localizing(ThresholdScale.tickLabel(tick)) + " " + model.unit))</text>"#)
        }
        svg.append(#"<line class="axis" x1="\#(n(left))" y1="\#(n(top))" x2="\#(n(left))" y2="\#(n(top + plotHeight))" stroke="black"/>"#)
        svg.append(#"<line class="axis" x1="\#(n(left))" y1="\#(n(top + plotHeight))" x2="\#(n(width - right))" y2="\#(n(top + plotHeight))" stroke="black"/>"#)
        let barWidth = min(max(plotWidth / Double(count) * 0.5, 2), 16)
        for (index, point) in model.points.enumerated() {
            svg.append(#"<rect class="band" x="\#(n(x(index) - barWidth / 2))" y="\#(n(y(point.upper)))" width="\#(n(barWidth))" height="\#(n(max(y(point.lower) - y(point.upper), 1)))" fill="rgb(244,162,97)" fill-opacity="0.45"/>"#)
        }
        if model.points.count > 1 {
            let line = model.points.indices.map { "\(n(x($0))),\(n(y(model.points[$0].value)))" }
            svg.append(#"<polyline class="progress" points="\#(line.joined(separator: " "))" fill="none" stroke="rgb(231,111,81)" stroke-width="1.5"/>"#)
        }
        for (index, point) in model.points.enumerated() {
            svg.append(#"<circle cx="\#(n(x(index)))" cy="\#(n(y(point.value)))" r="3" fill="rgb(231,111,81)"/>"#)
        }
        for index in labelled(count: model.points.count, plotWidth: plotWidth) {
            svg.append(#"<text class="date" x="\#(n(x(index)))" y="\#(n(top + plotHeight + 16))" text-anchor="middle">\#(ProfileSVG.escape(model.points[index].label))</text>"#)
        }
        svg.append(#"<text x="\#(n(left))" y="\#(n(height - 20))">\#(ProfileSVG.escape(model.caption + tr(.chartBarInterval)))</text>"#)
        svg.append(#"<text x="\#(n(left))" y="\#(n(height - 5))">\#(ProfileSVG.escape(model.compared))</text>"#)
        return SVGPanel(height: height, elements: svg)
    }

    /// The points whose dates fit under the axis without overlapping (about 80 px each), always the first and last.
    static func labelled(count: Int, plotWidth: Double) -> [Int] {
        guard count > 0 else { return [] }
        let fitting = max(Int(plotWidth / 80), 2)
        let step = max(Int((Double(count) / Double(fitting)).rounded(.up)), 1)
        var indices = Array(stride(from: 0, to: count, by: step))
        if indices.last != count - 1 {
            if let last = indices.last, count - 1 - last < step / 2 + 1, indices.count > 1 { indices.removeLast() }
            indices.append(count - 1)
        }
        return indices
    }

    private static func n(_ value: Double) -> String { ProfileSVG.n(value) }
}
