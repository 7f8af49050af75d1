import PeachCore
import PeachFormats
import PeachText

/// The timing disciplines' shared field: a tempo the timing modes train.
enum TimingFields {
    static func tempo(_ fields: LogFields, _ field: Int) throws(LogLineError) -> TempoBPM {
        guard let raw = fields.integer(field), let tempo = TempoBPM(raw) else {
            throw LogLineError(tr(.logLineTempo, ["field": "\(field + 1)", "lowest": "\(TempoBPM.trainable.lowerBound)",
                                                  "highest": "\(TempoBPM.trainable.upperBound)", "value": Echo.quoted(fields.text(field))]))
        }
        return tempo
    }

    static func tempo(_ row: inout CSVRowReader) -> TempoBPM? {
        guard let value = row.number(.tempoBPM) else { return nil }
        guard value == value.rounded(), let tempo = TempoBPM(Int(value)) else {
            row.problem(.tempoBPM, tr(.csvNotATempo, ["value": Echo.quoted(row.cell(.tempoBPM)),
                                                      "lowest": "\(TempoBPM.trainable.lowerBound)",
                                                      "highest": "\(TempoBPM.trainable.upperBound)"]))
            return nil
        }
        return tempo
    }
}
