import PeachCore
import PeachFormats
import PeachSystem
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
        /// Empty, or nothing but complete lines of the header (an older Peach's, with fewer column comments, or
        /// a crash between them): nothing recorded yet, safe to write it anew.
        case absent
        /// A crash or power loss cut the header short, maybe followed by zeros or stale bytes (`HeaderCut`):
        /// nothing recorded yet. `tail` is the whole file, to be set aside before the header is written anew.
        case torn
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
            let chunk = Chunk(base: UnsafePointer(buffer.base), filled: buffer.filled, fileOffset: buffer.fileOffset, atEnd: atEnd)
            var start = 0

            if !headerRead {
                switch readHeader(chunk.base, chunk.filled, atEnd: atEnd, fileHeader: fileHeader) {
                case .readOn: continue
                case .stop: return
                case .recordsFrom(let first):
                    headerRead = true
                    start = first
                }
            }

            guard let unread = parseLines(chunk, from: start, lineNumber: &lineNumber, decoder: decoder, each: each) else { return }
            if atEnd {
                if unread < chunk.filled {
                    tail = Tail(range: chunk.fileOffset + unread..<chunk.fileOffset + chunk.filled, lineNumber: lineNumber + 1,
                                reason: tr(.logNoLineEnd), bytes: chunk.bytes(from: unread))
                }
                return
            }
            buffer.discard(unread)
        }
    }

    /// The buffer as one pass reads it: its bytes (NUL-terminated at `filled`), where it starts in the file, and
    /// whether the file ends with it.
    private struct Chunk {
        let base: UnsafePointer<UInt8>
        let filled: Int
        let fileOffset: Int
        let atEnd: Bool

        /// Where the line from `start` ends (its newline), or nil when the rest comes with the next chunk.
        func lineEnd(from start: Int) -> Int? {
            guard start < filled, let found = memchr(base + start, 0x0A, filled - start) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }

        func bytes(from start: Int) -> [UInt8] { Array(UnsafeBufferPointer(start: base + start, count: filled - start)) }
    }

    /// Decodes every whole line of `chunk` from `start`; returns where the unread rest begins, or nil when the
    /// chunk's last line was a torn tail that ends the file (kept in `tail`).
    private mutating func parseLines(_ chunk: Chunk, from start: Int, lineNumber: inout Int, decoder: LogLineDecoder,
                                     each: (TrainingRecord) -> Void) -> Int? {
        var start = start
        while let end = chunk.lineEnd(from: start) {
            let number = lineNumber + 1
            let base = chunk.base
            if end == start || base[start] == 0x23 { // empty line or '#' comment
                lineNumber = number
                start = end + 1
                goodEnd = chunk.fileOffset + start
                continue
            }
            do {
                switch try decoder.decode(base + start, count: end - start) {
                case .record(let record): each(record)
                case .newer(let tag): newerRecords.add(tag: tag)
                }
            } catch {
                // Only the file's very last line can be a torn tail (e.g. NUL blocks after power loss):
                // when this line ends the buffer, read on to learn whether it ends the file.
                if end + 1 == chunk.filled && !chunk.atEnd { break }
                if end + 1 == chunk.filled {
                    lineNumber = number
                    tail = Tail(range: chunk.fileOffset + start..<chunk.fileOffset + chunk.filled, lineNumber: number,
                                reason: error.reason, bytes: chunk.bytes(from: start))
                    return nil
                }
                corruptLines.append((number, error.reason))
            }
            lineNumber = number
            start = end + 1
            goodEnd = chunk.fileOffset + start
        }
        return start
    }

    /// What the header decides about the rest of the file.
    private enum HeaderStep {
        case readOn
        /// Nothing to read after it: empty, torn, or not a log this Peach may append to.
        case stop
        /// Records start at this offset.
        case recordsFrom(Int)
    }

    /// Decides on the header from the file's first `filled` bytes (`atEnd`: they are the whole file).
    private mutating func readHeader(_ base: UnsafePointer<UInt8>, _ filled: Int, atEnd: Bool, fileHeader: [UInt8]) -> HeaderStep {
        // Decide with the whole file or enough of it (the buffer holds more than the full header).
        guard atEnd || filled >= fileHeader.count else { return .readOn }
        let bytes = UnsafeBufferPointer(start: base, count: filled)
        switch HeaderCut(bytes, fileHeader: fileHeader, atEnd: atEnd) {
        case .undecided?: return .readOn // a cut header so far: only the whole file tells
        case .absent?: return .stop
        case .torn?:
            header = .torn
            tail = Tail(range: 0..<filled, lineNumber: 1, reason: tr(.logHeaderCutShort), bytes: Array(bytes))
            return .stop
        case nil: break
        }
        guard let found = memchr(base, 0x0A, filled) else {
            header = .notALog(firstLine: Self.text(base, filled, more: !atEnd))
            return .stop
        }
        let headerEnd = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        let firstLine = Self.text(base, headerEnd, more: false)
        if firstLine != LogFormat.headerLine {
            header = firstLine.hasPrefix(LogFormat.headerPrefix)
                ? .unsupportedVersion(String(firstLine.dropFirst(LogFormat.headerPrefix.count)))
                : .notALog(firstLine: firstLine)
            return .stop
        }
        header = .valid
        goodEnd = headerEnd + 1
        return .recordsFrom(headerEnd + 1)
    }

    private static func text(_ base: UnsafePointer<UInt8>, _ count: Int, more: Bool) -> String {
        let shown = min(count, 80)
        return String(decoding: UnsafeBufferPointer(start: base, count: shown), as: UTF8.self)
            + (shown < count || more ? "…" : "")
    }
}

/// Whether the file's first bytes are a header cut short by a crash or power loss, and so hold no record.
///
/// The criterion, with P the longest common prefix of the file and the header this Peach writes (all its
/// lines: one write creates them) and R the bytes after P:
/// - P is shorter than the header: the write was cut.
/// - R holds no line end. Then every complete line in the file is one of the header's own lines: there is no
///   record to lose, and no line of someone else's (notes starting "# peach\n…" have a complete first line
///   that is not the header, and are refused as before).
/// - R is empty, or not text (it holds a NUL or is not UTF-8): what a power loss leaves after a cut is zeros
///   (the file's size reached the disk, its bytes did not) or stale bytes of a reused block. Someone's
///   one-line file without a line end that happens to begin like the header ("# peach practice") is text,
///   and is refused as before.
/// - P is not empty, unless R is all zeros: bytes that share nothing with the header are someone else's.
///
/// Complete header lines and nothing else (P ends with a line end, R is empty) are `absent`, not torn: an
/// older Peach, with fewer disciplines, wrote fewer column comments, so that may be a whole header. It is
/// completed without a word, as it always was; nothing in it is lost.
enum HeaderCut: Equatable {
    /// A cut header so far, but only the end of the file can tell (a line end or text may follow).
    case undecided
    case absent
    case torn

    /// Nil when `bytes` (the file's first bytes; all of it when `atEnd`) are no cut header: then line 1 decides.
    init?(_ bytes: UnsafeBufferPointer<UInt8>, fileHeader: [UInt8], atEnd: Bool) {
        var cut = 0
        while cut < min(bytes.count, fileHeader.count) && bytes[cut] == fileHeader[cut] { cut += 1 }
        let rest = UnsafeBufferPointer(rebasing: bytes[cut...])
        guard cut < fileHeader.count, !rest.contains(0x0A), cut > 0 || !rest.contains(where: { $0 != 0 }) else { return nil }
        if !atEnd {
            self = .undecided
        } else if rest.isEmpty {
            self = cut == 0 || fileHeader[cut - 1] == 0x0A ? .absent : .torn
        } else if rest.contains(0) || String(validating: rest, as: UTF8.self) == nil {
            self = .torn
        } else {
            return nil
        }
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
