import PeachCore
import PeachFormats
import PeachSystem
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The append-only training log in a data directory. One instance is the one writer (it holds the
/// lock until it is released); `read(_:)` reads without locking or changing anything.
/// Not thread-safe: owned by one actor (the `TrainingStore` on the main actor, or a tool's main code).
public final class TrainingLog {
    public let directory: DataDirectory
    /// The registered disciplines' log codecs: how each record becomes a line.
    public let codecs: RecordCodecs
    private let lock: WriterLock
    private let file: OpenFile
    /// Length of the file up to the last complete record: where the next record goes.
    private var committedLength: Int64
    /// A failed write may have left bytes past `committedLength` that could not be cut off yet.
    private var needsRollback = false

    private init(directory: DataDirectory, codecs: RecordCodecs, lock: WriterLock, file: OpenFile, committedLength: Int64) {
        self.directory = directory
        self.codecs = codecs
        self.lock = lock
        self.file = file
        self.committedLength = committedLength
    }

    /// Takes the writer lock, creates the directory and log if needed, reads the history, and moves
    /// a torn last line aside so later appends start on a clean line (a header cut short before any
    /// record: the whole file, and the log starts afresh).
    public static func openForWriting(_ directory: DataDirectory,
                                      codecs: RecordCodecs) throws(StoreError) -> (log: TrainingLog, contents: LogContents) {
        var records: [TrainingRecord] = []
        let (log, warnings) = try openForWriting(directory, codecs: codecs, sizeHint: { records.reserveCapacity(expectedRecords(inBytes: $0)) },
                                                 each: { records.append($0) })
        return (log, LogContents(records: records, warnings: warnings))
    }

    /// Like `openForWriting(_:)`, but hands each record to `each` as it is read (oldest line first)
    /// and keeps none: launch builds what it needs without ever holding the whole history.
    public static func openForWriting(_ directory: DataDirectory, codecs: RecordCodecs,
                                      each: (TrainingRecord) -> Void) throws(StoreError) -> (log: TrainingLog, warnings: [LogWarning]) {
        try openForWriting(directory, codecs: codecs, sizeHint: { _ in }, each: each)
    }

    private static func openForWriting(_ directory: DataDirectory, codecs: RecordCodecs, sizeHint: (Int) -> Void,
                                       each: (TrainingRecord) -> Void) throws(StoreError) -> (log: TrainingLog, warnings: [LogWarning]) {
        do { try createDirectories(directory.path) } catch { throw .cannotOpen(error) }
        let lock = try WriterLock(directory)
        let file: OpenFile
        let parsed: LogFileParser
        do {
            file = try OpenFile(path: directory.logPath, flags: O_RDWR | O_CREAT)
            sizeHint(Int(try file.size()))
            parsed = try LogFileParser(codecs: codecs, read: file.read(into:count:at:), each: each)
        } catch {
            throw .cannotOpen(error)
        }
        var warnings = try warningsChecked(parsed, path: directory.logPath)
        var committedLength = Int64(parsed.goodEnd)

        if let tail = parsed.tail {
            // A torn last line, or a torn header (then the tail is the whole file and `goodEnd` 0).
            try moveAside(tail, file: file, directory: directory, keeping: committedLength)
            warnings.append(warning(for: tail, header: parsed.header, path: directory.logPath, movedTo: directory.corruptPath))
        }
        if parsed.header == .absent || parsed.header == .torn {
            // New file, or a crash while its header was written (no records possible yet): write the header.
            committedLength = try writeHeader(codecs, to: file, in: directory)
        }
        return (TrainingLog(directory: directory, codecs: codecs, lock: lock, file: file, committedLength: committedLength),
                warnings)
    }

    /// Reads the history without the lock and without changing any file (export, profile, a second
    /// process). A missing log is an empty history. A torn last line or header is reported, not moved.
    public static func read(_ directory: DataDirectory, codecs: RecordCodecs) throws(StoreError) -> LogContents {
        var records: [TrainingRecord] = []
        let warnings = try read(directory, codecs: codecs, sizeHint: { records.reserveCapacity(expectedRecords(inBytes: $0)) },
                                each: { records.append($0) })
        return LogContents(records: records, warnings: warnings)
    }

    /// Like `read(_:)`, but hands each record to `each` as it is read (oldest line first) and keeps none.
    public static func read(_ directory: DataDirectory, codecs: RecordCodecs,
                            each: (TrainingRecord) -> Void) throws(StoreError) -> [LogWarning] {
        try read(directory, codecs: codecs, sizeHint: { _ in }, each: each)
    }

    private static func read(_ directory: DataDirectory, codecs: RecordCodecs, sizeHint: (Int) -> Void,
                             each: (TrainingRecord) -> Void) throws(StoreError) -> [LogWarning] {
        let file: OpenFile
        do {
            file = try OpenFile(path: directory.logPath, flags: O_RDONLY)
        } catch where error.code == ENOENT {
            return []
        } catch {
            throw .cannotOpen(error)
        }
        let parsed: LogFileParser
        do {
            sizeHint(Int(try file.size()))
            parsed = try LogFileParser(codecs: codecs, read: file.read(into:count:at:), each: each)
        } catch {
            throw .cannotOpen(error)
        }
        var warnings = try warningsChecked(parsed, path: directory.logPath)
        if let tail = parsed.tail {
            warnings.append(warning(for: tail, header: parsed.header, path: directory.logPath, movedTo: nil))
        }
        return warnings
    }

    /// Room for every record of a log of `bytes` bytes without regrowing the array (lines are over
    /// 80 bytes; capacity reserved beyond that is never touched, so it costs no resident memory).
    private static func expectedRecords(inBytes bytes: Int) -> Int { bytes / 80 }

    /// Writes the record as one line with one write() and fsyncs it before returning. On failure the
    /// file is cut back to its last complete line and the error says where and why.
    public func append(_ record: TrainingRecord) throws(StoreError) {
        try append(contentsOf: [record])
    }

    /// Appends many records (import) in batches: one write() and one fsync per batch instead of per
    /// record. A failed batch is rolled back whole; earlier batches stay saved.
    /// `progress` gets the number of records saved so far after each batch.
    public func append(contentsOf records: [TrainingRecord], batchSize: Int = 2000,
                       progress: ((Int) -> Void)? = nil) throws(StoreError) {
        var saved = 0
        while saved < records.count {
            let batch = records[saved..<min(records.count, saved + max(1, batchSize))]
            var bytes: [UInt8] = []
            for record in batch {
                do { bytes += Array(try codecs.logLine(for: record).utf8) } catch { throw .unrepresentable(error) }
            }
            try writeCommitted(bytes)
            saved += batch.count
            progress?(saved)
        }
    }

    private func writeCommitted(_ bytes: [UInt8]) throws(StoreError) {
        do {
            if needsRollback {
                try file.truncate(to: committedLength)
                needsRollback = false
            }
            try file.writeWhole(bytes, at: committedLength)
            try file.sync()
        } catch {
            // Never leave half a line for the next append to continue: cut back to the last whole line.
            // If even that fails, retry before the next write.
            do { try file.truncate(to: committedLength) } catch { needsRollback = true }
            throw .saveFailed(error)
        }
        committedLength += Int64(bytes.count)
    }

    /// Writes a new log's header over whatever the file held (nothing, or a header cut short, already set aside)
    /// and returns its length: where the first record goes.
    private static func writeHeader(_ codecs: RecordCodecs, to file: OpenFile, in directory: DataDirectory) throws(StoreError) -> Int64 {
        let header = Array(LogFormat.fileHeader(codecs).utf8)
        do {
            try file.truncate(to: 0)
            try file.writeWhole(header, at: 0)
            try file.sync()
        } catch {
            throw .cannotOpen(error)
        }
        syncDirectory(directory.path)
        return Int64(header.count)
    }

    /// What to say about a torn tail: a torn header is the whole file, a torn last line only the file's end.
    /// `movedTo` is nil when the log was only read, and the tail left where it is.
    private static func warning(for tail: LogFileParser.Tail, header: LogFileParser.Header,
                                path: String, movedTo: String?) -> LogWarning {
        header == .torn
            ? .tornHeader(path: path, byteCount: tail.range.count, movedTo: movedTo)
            : .tornLastLine(path: path, lineNumber: tail.lineNumber, byteCount: tail.range.count,
                            reason: tail.reason, movedTo: movedTo)
    }

    private static func warningsChecked(_ parsed: LogFileParser, path: String) throws(StoreError) -> [LogWarning] {
        switch parsed.header {
        case .valid, .absent, .torn: break
        case .notALog(let firstLine): throw .notAPeachLog(path: path, firstLine: firstLine)
        case .unsupportedVersion(let version): throw .unsupportedVersion(path: path, version: version)
        }
        var warnings = parsed.corruptLines.map { LogWarning.corruptLine(path: path, lineNumber: $0.lineNumber, reason: $0.reason) }
        if parsed.newerRecords.count > 0 {
            warnings.append(.newerRecords(path: path, count: parsed.newerRecords.count, tags: parsed.newerRecords.tags))
        }
        return warnings
    }

    /// Appends the torn bytes to the `.corrupt` file (durably) before cutting them off the log, so
    /// a crash in between can at worst duplicate them there, never lose them.
    private static func moveAside(_ tail: LogFileParser.Tail, file: OpenFile,
                                  directory: DataDirectory, keeping length: Int64) throws(StoreError) {
        let note = "# moved aside from \(directory.logPath) line \(tail.lineNumber) at "
            + "\(UTCMilliseconds(Date()).iso8601()): \(tail.reason)\n"
        var moved = Array(note.utf8) + tail.bytes
        if moved.last != 0x0A { moved.append(0x0A) }
        do {
            let corrupt = try OpenFile(path: directory.corruptPath, flags: O_WRONLY | O_CREAT | O_APPEND)
            try corrupt.writeWhole(moved, at: try corrupt.size())
            try corrupt.sync()
            syncDirectory(directory.path)
            try file.truncate(to: length)
            try file.sync()
        } catch {
            throw .recoveryFailed(error)
        }
    }
}
