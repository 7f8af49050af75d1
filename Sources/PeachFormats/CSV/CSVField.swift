import Foundation

/// Writing one CSV field per RFC 4180: quoted only when it must be (comma, quote, CR or LF inside).
public enum CSVField {
    public static func quoted(_ value: String) -> String {
        // Byte scan: far cheaper than walking Characters, and these four are all ASCII.
        guard value.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else {
            return value
        }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
