import Foundation

/// What .scl and .kbm files share: the whole-file checks (size, binary, empty), splitting into lines with
/// their numbers, dropping "!" comments, and reading one value at the start of a line.
public enum ScalaText {
    /// 1 MiB: the largest scales of the Scala archive are a few kilobytes.
    public static let maximumBytes = 1_048_576
    /// More degrees than any published scale; bounds the arrays a file can make us build.
    public static let maximumNotes = 10_000
    /// Above any audible reference pitch; keeps later frequency arithmetic finite.
    public static let maximumHertz = 100_000.0

    /// A non-comment line and its 1-based number.
    struct Line {
        let number: Int
        let text: Substring
    }

    /// Decodes a file's bytes: refuses NUL and control bytes as binary, then reads UTF-8, or else Latin-1,
    /// because the Scala format is "ASCII or 8-bit" text and the Scala archive's files are Latin-1.
    static func decode(_ bytes: [UInt8]) throws(ScalaError) -> String {
        guard bytes.count <= maximumBytes else { throw .tooLarge(byteCount: bytes.count) }
        guard !bytes.contains(where: isControl) else { throw .binaryFile }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return String(decoding: bytes.map { UInt16($0) }, as: UTF16.self)
    }

    /// The file's non-comment lines and the number one past its last line (where "the file ends" is reported).
    static func lines(of text: String) throws(ScalaError) -> (lines: [Line], endLine: Int) {
        let byteCount = text.utf8.count
        guard byteCount <= maximumBytes else { throw .tooLarge(byteCount: byteCount) }
        guard !text.utf8.contains(where: isControl) else { throw .binaryFile }
        guard text.contains(where: { !$0.isWhitespace }) else { throw .emptyFile }
        // Character.isNewline takes "\r\n" (one Character), "\n" and a lone "\r" (old Mac files) alike.
        var all = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        if all.last?.isEmpty == true { all.removeLast() }  // the final newline ends a line, it starts none
        var kept: [Line] = []
        for (index, line) in all.enumerated() where !line.hasPrefix("!") {
            kept.append(Line(number: index + 1, text: line))
        }
        return (kept, all.count + 1)
    }

    /// The first value on a line: spaces and tabs around it are allowed, the rest of the line is ignored.
    static func firstToken(of line: Substring) -> Substring {
        let start = line.drop(while: isBlank)
        return start.prefix(while: { !isBlank($0) })
    }

    /// A whole number written with digits only; nil if it is not, `.numberTooLarge` if it overflows 64 bits.
    static func wholeNumber(_ token: Substring, line: Int) throws(ScalaError) -> UInt64? {
        guard !token.isEmpty, token.allSatisfy(isDigit) else { return nil }
        guard let value = UInt64(token) else { throw .line(line, .numberTooLarge(String(token))) }
        return value
    }

    static func isDigit(_ character: Character) -> Bool { character >= "0" && character <= "9" }
    static func isBlank(_ character: Character) -> Bool { character == " " || character == "\t" }

    /// Control bytes other than tab, line feed, form feed and carriage return mark a binary file.
    private static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0C && byte != 0x0D) || byte == 0x7F
    }
}
