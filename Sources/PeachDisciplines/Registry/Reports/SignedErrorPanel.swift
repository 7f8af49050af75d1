import Foundation
import PeachCore
import PeachPresentation
import PeachText

/// The SVG panel of a signed error (pitch matching's cents, tapping's milliseconds): a symmetric axis around
/// zero, the spread as a band of ± one SD around the bias, the bias as a dot with its 95 % interval as a bar.
public enum SignedErrorPanel {
    /// The figures drawn, as numbers in the discipline's unit.
    public struct Figures {
        var bias: Double
        var biasInterval: ClosedRange<Double>
        var spread: Double

        public init<Unit: TrainingUnit>(_ summary: SignedErrorSummary<Unit>) {
            bias = summary.bias.value
            biasInterval = summary.biasInterval.lowerBound.value...summary.biasInterval.upperBound.value
            spread = summary.spread.value
        }
    }

    /// A discipline without a summary yet says so in one line (`SVGPanel.line`) instead of an empty axis.
    public static func render(heading: String, summary: Figures, unit: String, lowLabel: String, highLabel: String,
                              caption: String, width: Double = ProfileSVG.width) -> SVGPanel {
        let left = 70.0, right = 20.0, axisY = 70.0
        var svg = [#"<text x="\#(n(left))" y="24" font-size="14">\#(ProfileSVG.escape(heading))</text>"#]
        let limit = niceLimit(max(abs(summary.bias) + summary.spread, abs(summary.biasInterval.lowerBound),
                                  abs(summary.biasInterval.upperBound)))
        func x(_ value: Double) -> Double { left + (width - left - right) * (value + limit) / (2 * limit) }
        svg.append(#"<line class="axis" x1="\#(n(left))" y1="\#(n(axisY))" x2="\#(n(width - right))" y2="\#(n(axisY))" stroke="black"/>"#)
        for tick in [-limit, -limit / 2, 0, limit / 2, limit] {
            svg.append(#"<line x1="\#(n(x(tick)))" y1="\#(n(axisY))" x2="\#(n(x(tick)))" y2="\#(n(axisY + 5))" stroke="black"/>"#)
            let label = (tick > 0 ? "+" : "") + ProfileSVG.n(tick) + " " + unit
            // The outermost labels end at the axis' ends, so none runs off the picture.
            let anchor = tick == limit ? "end" : tick == -limit ? "start" : "middle"
            svg.append(#"<text x="\#(n(x(tick)))" y="\#(n(axisY + 18))" text-anchor="\#(anchor)">\#(ProfileSVG.escape(label))</text>"#)
        }
        svg.append(#"<text x="\#(n(left))" y="\#(n(axisY - 30))">\#(ProfileSVG.escape("← " + lowLabel))</text>"#)
        svg.append(#"<text x="\#(n(width - right))" y="\#(n(axisY - 30))" text-anchor="end">\#(ProfileSVG.escape(highLabel + " →"))</text>"#)
        let low = x(summary.bias - summary.spread), high = x(summary.bias + summary.spread)
        svg.append(#"<rect class="band" x="\#(n(low))" y="\#(n(axisY - 14))" width="\#(n(high - low))" height="28" fill="rgb(244,162,97)" fill-opacity="0.35"/>"#)
        svg.append(#"<line class="interval" x1="\#(n(x(summary.biasInterval.lowerBound)))" y1="\#(n(axisY))" x2="\#(n(x(summary.biasInterval.upperBound)))" y2="\#(n(axisY))" stroke="rgb(231,111,81)" stroke-width="4"/>"#)
        svg.append(#"<circle class="bias" cx="\#(n(x(summary.bias)))" cy="\#(n(axisY))" r="4" fill="rgb(231,111,81)"/>"#)
        let captionLines = SVGText.elements(caption + tr(.reportBandOneSpread), x: left, baseline: axisY + 42)
        return SVGPanel(height: 130 + Double(captionLines.count - 1) * 16, elements: svg + captionLines)
    }

    /// 1, 2 or 5 times a power of ten at or above `value`: the axis reaches a round figure.
    static func niceLimit(_ value: Double) -> Double {
        guard value > 0, value.isFinite else { return 10 }
        let power = pow(10, (log10(value)).rounded(.down))
        for step in [1.0, 2, 5, 10] where step * power >= value { return step * power }
        return 10 * power
    }

    private static func n(_ value: Double) -> String { ProfileSVG.n(value) }
}
