import PeachCore
#if canImport(Glibc)
import Glibc
#endif

/// Reads a whole log buffer: header check, every line, and where the last good line ends.
/// Pure (no I/O) so the recovery decisions are testable and shared by read-only and writing opens.
struct LogFileParser {
    enum Header: Equatable {
        /// Line 1 is the supported version header.
        case valid
        /// Empty, or a crash cut the header itself short: nothing recorded yet, safe to write it anew.
        case absent
        case notALog(firstLine: String)
        case unsupportedVersion(String)
    }

    /// The bytes after the last good line: a torn line (no LF) or an unreadable last line.
    struct Tail: Equatable {
        var range: Range<Int>
        var lineNumber: Int
        var reason: String
    }

    var header: Header = .absent
    var records: [TrainingRecord] = []
    var corruptLines: [(lineNumber: Int, reason: String)] = []
    /// Offset just after the last line to keep; appends continue here.
    var goodEnd = 0
    var tail: Tail?

    init(_ bytes: [UInt8], count: Int) {
        bytes.withUnsafeBufferPointer { parse(UnsafeBufferPointer(rebasing: $0[0..<count])) }
    }

    private mutating func parse(_ buffer: UnsafeBufferPointer<UInt8>) {
        let count = buffer.count
        guard count > 0, let base = buffer.baseAddress else { return }
        let fileHeader = Array(LogFormat.fileHeader.utf8)
        if count < fileHeader.count && fileHeader.starts(with: buffer) { return } // header write cut short
        func lineEnd(from start: Int) -> Int? {
            guard start < count, let found = memchr(base + start, 0x0A, count - start) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }

        guard let headerEnd = lineEnd(from: 0) else {
            header = .notALog(firstLine: Self.text(buffer[...]))
            return
        }
        let firstLine = Self.text(buffer[0..<headerEnd])
        if firstLine != LogFormat.headerLine {
            header = firstLine.hasPrefix(LogFormat.headerPrefix)
                ? .unsupportedVersion(String(firstLine.dropFirst(LogFormat.headerPrefix.count)))
                : .notALog(firstLine: firstLine)
            return
        }
        header = .valid
        goodEnd = headerEnd + 1
        records.reserveCapacity(count / 80)

        let decoder = LogLineDecoder(base)
        var start = headerEnd + 1
        var lineNumber = 1
        while start < count {
            lineNumber += 1
            guard let end = lineEnd(from: start) else {
                tail = Tail(range: start..<count, lineNumber: lineNumber, reason: "no line end; the write was cut short")
                return
            }
            defer { start = end + 1 }
            if end == start || base[start] == 0x23 { // empty line or '#' comment
                goodEnd = end + 1
                continue
            }
            do {
                records.append(try decoder.decode(start, end))
                goodEnd = end + 1
            } catch {
                if end + 1 == count {
                    // The very last line: a crash can leave garbage there (e.g. NUL blocks after power loss).
                    tail = Tail(range: start..<count, lineNumber: lineNumber, reason: error.reason)
                } else {
                    corruptLines.append((lineNumber, error.reason))
                    goodEnd = end + 1
                }
            }
        }
    }

    private static func text(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        let shown = bytes.prefix(80)
        return String(decoding: shown, as: UTF8.self) + (shown.count < bytes.count ? "…" : "")
    }
}
