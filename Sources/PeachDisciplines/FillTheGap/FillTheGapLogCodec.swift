import PeachCore
import PeachFormats
import PeachText

/// A fill-the-gap trial's log line (empty fields: unknown, e.g. no hit at a position, or an imported record):
///
///     fillTheGap<TAB>timestamp<TAB>tempoBPM<TAB>meanOffsetMs<TAB>position0Ms<TAB>position1Ms<TAB>position2Ms<TAB>position3Ms<TAB>hits<TAB>gaps<TAB>kernel|keyboard<TAB>corrected|uncorrected<TAB>output
///     fillTheGap	2026-03-03T14:36:00.000Z	90	-3.5	-1.0		-6.0	-3.5	14	16	kernel	uncorrected	Midi Through
struct FillTheGapLogCodec: RecordLogCodec {
    let tag = "fillTheGap"
    let fieldNames = ["timestamp", "tempoBPM", "meanOffsetMs", "position0Ms", "position1Ms", "position2Ms", "position3Ms",
                      "hits", "gaps", "kernel|keyboard", "corrected|uncorrected", "output"]

    private static let kernel = LogWord("kernel"), keyboard = LogWord("keyboard")
    private static let corrected = LogWord("corrected"), uncorrected = LogWord("uncorrected")

    func encode(_ record: FillTheGapRecord, into line: inout LogLineWriter) throws(LogEncodingError) {
        try line.add(record.timestamp)
        line.add(record.tempo.rawValue)
        try add(record.meanOffset, "mean offset", to: &line)
        for position in 0..<FillTheGapRecord.positions {
            try add(record.meanOffsetByPosition[position], "position \(position) offset", to: &line)
        }
        line.add(record.hits.map(String.init) ?? "")
        line.add(record.gaps.map(String.init) ?? "")
        line.add(record.kernelStamped.map { $0 ? Self.kernel.text : Self.keyboard.text } ?? "")
        line.add(record.latencyCorrected ? Self.corrected.text : Self.uncorrected.text)
        line.add(text: record.outputName ?? "")
    }

    private func add(_ value: Milliseconds?, _ name: String, to line: inout LogLineWriter) throws(LogEncodingError) {
        if let value { try line.add(value.value, name) } else { line.add("") }
    }

    func decode(_ fields: LogFields) throws(LogLineError) -> FillTheGapRecord {
        try fields.expectCount(1 + fieldNames.count, tag)
        func offset(_ field: Int, _ name: String) throws(LogLineError) -> Milliseconds? {
            fields.isEmpty(field) ? nil : Milliseconds(try fields.number(field, name))
        }
        func count(_ field: Int, _ name: String) throws(LogLineError) -> Int? {
            guard !fields.isEmpty(field) else { return nil }
            guard let value = fields.integer(field), value >= 0 else {
                throw LogLineError(tr(.logLineWholeNumber, ["name": name, "field": "\(field + 1)", "value": Echo.quoted(fields.text(field))]))
            }
            return value
        }
        var byPosition: [Milliseconds?] = []
        for position in 0..<FillTheGapRecord.positions {
            byPosition.append(try offset(4 + position, "position \(position) ms"))
        }
        let stamped: Bool? = fields.isEmpty(10) ? nil : try fields.choice(10, "tap stamps", yes: Self.kernel, no: Self.keyboard)
        return FillTheGapRecord(
            timestamp: try fields.timestamp(1), tempo: try TimingFields.tempo(fields, 2),
            meanOffset: try offset(3, "mean offset ms"), meanOffsetByPosition: byPosition,
            hits: try count(8, "hits"), gaps: try count(9, "gaps"), kernelStamped: stamped,
            latencyCorrected: try fields.choice(11, "latency", yes: Self.corrected, no: Self.uncorrected),
            outputName: fields.optionalText(12))
    }
}
