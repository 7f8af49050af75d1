import PeachFormats
/// An RFC 4180 reader: comma-separated, fields optionally in double quotes (which may hold commas,
/// line breaks and `""` for a quote), records ended by LF or CRLF, the last one optionally unended.
/// Works on bytes; unquoted fields are cut out of the input without copying byte by byte.
enum CSVReader {
    static func rows(_ bytes: UnsafeBufferPointer<UInt8>, firstLineNumber: Int) throws(CSVSyntaxError) -> [CSVRow] {
        let quote: UInt8 = 0x22, comma: UInt8 = 0x2C, lf: UInt8 = 0x0A, cr: UInt8 = 0x0D
        let count = bytes.count
        var rows: [CSVRow] = []
        var fields: [String] = []
        var line = firstLineNumber
        var rowLine = line
        var index = 0
        var rowHasContent = false

        func endsRecord(_ at: Int) -> Int? { // length of the line break at `at`, if any
            if bytes[at] == lf { return 1 }
            if bytes[at] == cr && at + 1 < count && bytes[at + 1] == lf { return 2 }
            return nil
        }

        while index < count {
            // One field starts here.
            if bytes[index] == quote {
                let openedOn = line
                var value: [UInt8] = []
                index += 1
                while true {
                    guard index < count else { throw .unterminatedQuote(line: openedOn) }
                    let byte = bytes[index]
                    if byte == quote {
                        if index + 1 < count && bytes[index + 1] == quote { value.append(quote); index += 2; continue }
                        index += 1
                        break
                    }
                    if byte == lf { line += 1 }
                    value.append(byte)
                    index += 1
                }
                guard index == count || bytes[index] == comma || endsRecord(index) != nil else {
                    throw .textAfterClosingQuote(line: line)
                }
                fields.append(String(decoding: value, as: UTF8.self))
            } else {
                let start = index
                while index < count && bytes[index] != comma && endsRecord(index) == nil { index += 1 }
                fields.append(index == start ? "" : String(decoding: UnsafeBufferPointer(start: bytes.baseAddress! + start, count: index - start), as: UTF8.self))
            }
            rowHasContent = true
            // After the field: a comma (another field follows), a line break, or the end.
            if index < count && bytes[index] == comma {
                index += 1
                if index == count { fields.append("") }
                continue
            }
            if index < count, let length = endsRecord(index) { index += length }
            rows.append(CSVRow(lineNumber: rowLine, fields: fields))
            fields = []
            rowHasContent = false
            line += 1
            rowLine = line
        }
        if rowHasContent { rows.append(CSVRow(lineNumber: rowLine, fields: fields)) }
        return rows
    }
}
