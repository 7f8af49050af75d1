import PeachCore
import PeachFormats
import PeachFiles
#if canImport(Glibc)
import Glibc
import PeachText
#endif

/// Reads a whole log: header check, every line, and where the last good line ends.
/// Streams: the file is read in chunks into one reused buffer and each record is handed to the
/// caller as soon as its line is decoded, so neither the file's text nor (unless the caller keeps
/// them) the records are ever all in memory at once. The recovery decisions depend only on the
/// bytes, never on the chunk size (tests parse with tiny chunks to prove it).
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
        /// Offsets in the file.
        var range: Range<Int>
        var lineNumber: Int
        var reason: String
        /// The bytes of `range`, for moving them aside.
        var bytes: [UInt8]
    }

    static let defaultChunkSize = 256 * 1024

    var header: Header = .absent
    var corruptLines: [(lineNumber: Int, reason: String)] = []
    /// Well-formed lines whose tag no registered discipline knows (a newer Peach wrote them): kept, not shown.
    var newerRecords = NewerRecords()
    /// Offset just after the last line to keep; appends continue here.
    var goodEnd = 0
    var tail: Tail?

    /// Parses `file` from its start. `read(buffer, count, offset)` is pread: bytes read, 0 at the end.
    init(codecs: RecordCodecs, chunkSize: Int = defaultChunkSize,
         read: (UnsafeMutablePointer<UInt8>, Int, Int) throws(SystemError) -> Int,
         each: (TrainingRecord) -> Void) throws(SystemError) {
        let fileHeader = Array(LogFormat.fileHeader(codecs).utf8)
        var buffer = ChunkBuffer(capacity: max(chunkSize, fileHeader.count + 1, 128))
        defer { buffer.deallocate() }
        try parse(&buffer, fileHeader: fileHeader, decoder: LogLineDecoder(codecs), read: read, each: each)
    }

    /// Parses the file's bytes (tests; same decisions as reading the file).
    init(_ bytes: [UInt8], codecs: RecordCodecs, chunkSize: Int = defaultChunkSize,
         each: (TrainingRecord) -> Void = { _ in }) {
        // Reading from memory cannot fail.
        try! self.init(codecs: codecs, chunkSize: chunkSize, read: { buffer, count, offset in
            let available = max(0, min(count, bytes.count - offset))
            bytes.withUnsafeBufferPointer { source in
                if available > 0 { buffer.update(from: source.baseAddress! + offset, count: available) }
            }
            return available
        }, each: each)
    }

    private mutating func parse(_ buffer: inout ChunkBuffer, fileHeader: [UInt8], decoder: LogLineDecoder,
                                read: (UnsafeMutablePointer<UInt8>, Int, Int) throws(SystemError) -> Int,
                                each: (TrainingRecord) -> Void) throws(SystemError) {
        var atEnd = false
        var headerRead = false
        var lineNumber = 1

        while true {
            if !atEnd {
                if buffer.filled == buffer.capacity { buffer.grow() } // one line longer than the buffer
                let got = try read(buffer.base + buffer.filled, buffer.capacity - buffer.filled, buffer.fileOffset + buffer.filled)
                if got == 0 { atEnd = true } else { buffer.filled += got }
            }
            buffer.base[buffer.filled] = 0 // C parsers can never run past the end
            let base = UnsafePointer(buffer.base)
            let filled = buffer.filled
            func lineEnd(from start: Int) -> Int? {
                guard start < filled, let found = memchr(base + start, 0x0A, filled - start) else { return nil }
                return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
            var start = 0

            if !headerRead {
                // Decide on the header with the whole file or enough of it (the buffer holds more than the full header).
                guard atEnd || filled >= fileHeader.count else { continue }
                if filled == 0 { return } // empty file
                if atEnd && filled < fileHeader.count
                    && fileHeader.starts(with: UnsafeBufferPointer(start: base, count: filled)) { return } // header write cut short
                guard let headerEnd = lineEnd(from: 0) else {
                    header = .notALog(firstLine: Self.text(base, filled, more: !atEnd))
                    return
                }
                let firstLine = Self.text(base, headerEnd, more: false)
                if firstLine != LogFormat.headerLine {
                    header = firstLine.hasPrefix(LogFormat.headerPrefix)
                        ? .unsupportedVersion(String(firstLine.dropFirst(LogFormat.headerPrefix.count)))
                        : .notALog(firstLine: firstLine)
                    return
                }
                header = .valid
                headerRead = true
                goodEnd = headerEnd + 1
                start = headerEnd + 1
            }

            while start < filled {
                guard let end = lineEnd(from: start) else { break } // the rest comes with the next chunk
                let number = lineNumber + 1
                if end == start || base[start] == 0x23 { // empty line or '#' comment
                    lineNumber = number
                    start = end + 1
                    goodEnd = buffer.fileOffset + start
                    continue
                }
                do {
                    switch try decoder.decode(base + start, count: end - start) {
                    case .record(let record): each(record)
                    case .newer(let tag): newerRecords.add(tag: tag)
                    }
                    lineNumber = number
                    start = end + 1
                    goodEnd = buffer.fileOffset + start
                } catch {
                    // Only the file's very last line can be a torn tail (e.g. NUL blocks after power loss):
                    // when this line ends the buffer, read on to learn whether it ends the file.
                    if end + 1 == filled && !atEnd { break }
                    lineNumber = number
                    if end + 1 == filled {
                        tail = Tail(range: buffer.fileOffset + start..<buffer.fileOffset + filled, lineNumber: number,
                                    reason: error.reason, bytes: Array(UnsafeBufferPointer(start: base + start, count: filled - start)))
                        return
                    }
                    corruptLines.append((number, error.reason))
                    start = end + 1
                    goodEnd = buffer.fileOffset + start
                }
            }

            if atEnd {
                if start < filled {
                    tail = Tail(range: buffer.fileOffset + start..<buffer.fileOffset + filled, lineNumber: lineNumber + 1,
                                reason: tr(.logNoLineEnd),
                                bytes: Array(UnsafeBufferPointer(start: base + start, count: filled - start)))
                }
                return
            }
            buffer.discard(start)
        }
    }

    private static func text(_ base: UnsafePointer<UInt8>, _ count: Int, more: Bool) -> String {
        let shown = min(count, 80)
        return String(decoding: UnsafeBufferPointer(start: base, count: shown), as: UTF8.self)
            + (shown < count || more ? "…" : "")
    }
}

/// The parser's window on the file: `filled` bytes from file offset `fileOffset`, plus room for a NUL.
private struct ChunkBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    var filled = 0
    private(set) var fileOffset = 0

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity + 1)
    }

    mutating func grow() {
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * capacity + 1)
        larger.update(from: base, count: filled)
        base.deallocate()
        base = larger
        capacity *= 2
    }

    /// Drops the first `count` bytes (whole lines, handled); the rest moves to the front.
    mutating func discard(_ count: Int) {
        guard count > 0 else { return }
        if count < filled { memmove(base, base + count, filled - count) }
        filled -= count
        fileOffset += count
    }

    func deallocate() { base.deallocate() }
}
