import PeachCore
import Foundation

/// Turns one record into one log line (with its trailing LF). See `LogFormat` for the layout.
enum LogLineEncoder {
    static func line(for record: TrainingRecord) throws(LogEncodingError) -> String {
        switch record {
        case .comparison(let r):
            let fields = [
                LogFormat.comparisonTag, try timestamp(r.timestamp), String(r.referenceNote.rawValue),
                String(r.targetNote.rawValue), try number(r.intendedCentOffset.value, "intended cent offset"),
                try number(r.presentedCentOffset.value, "presented cent offset"),
                r.answeredHigher ? "higher" : "lower", r.isCorrect ? "correct" : "wrong",
                r.interval.abbreviation, r.tuningSystem.rawValue, try number(r.referencePitch.hertz, "reference pitch"),
                r.velocity.map { String($0.rawValue) } ?? "", escape(r.outputName ?? ""),
            ]
            return fields.joined(separator: "\t") + "\n"
        case .pitchMatching(let r):
            let fields = [
                LogFormat.pitchMatchingTag, try timestamp(r.timestamp), String(r.referenceNote.rawValue),
                String(r.targetNote.rawValue), try number(r.initialCentOffset.value, "initial cent offset"),
                try number(r.userCentError.value, "user cent error"), r.interval.abbreviation, r.tuningSystem.rawValue,
                try number(r.referencePitch.hertz, "reference pitch"), r.controllerMode?.rawValue ?? "",
            ]
            return fields.joined(separator: "\t") + "\n"
        case .thresholdTest(let r):
            let fields = [
                LogFormat.thresholdTestTag, try timestamp(r.timestamp), String(r.noteRange.lowerBound.rawValue),
                String(r.noteRange.upperBound.rawValue), String(r.trials), try number(r.median.value, "median"),
                try number(r.lower.value, "lower bound"), try number(r.upper.value, "upper bound"),
                r.isConclusive ? "conclusive" : "inconclusive",
            ]
            return fields.joined(separator: "\t") + "\n"
        }
    }

    private static func timestamp(_ date: Date) throws(LogEncodingError) -> String {
        let ms = UTCMilliseconds(date)
        guard ms.isFourDigitYear else { throw .unrepresentable(field: "timestamp", value: "\(date)") }
        return ms.iso8601()
    }

    private static func number(_ value: Double, _ field: String) throws(LogEncodingError) -> String {
        // NaN or infinity would be written but could never be read back: refuse it here, loudly.
        guard value.isFinite else { throw .unrepresentable(field: field, value: "\(value)") }
        return "\(value)"
    }

    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return text }
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\\\"
            case "\t": escaped += "\\t"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\r\n": escaped += "\\r\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
