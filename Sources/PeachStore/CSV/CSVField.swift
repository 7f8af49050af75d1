import Foundation

/// Writing one CSV field per RFC 4180: quoted only when it must be (comma, quote, CR or LF inside).
enum CSVField {
    static func quoted(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else {
            return value
        }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
