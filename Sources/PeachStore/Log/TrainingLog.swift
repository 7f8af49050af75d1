import PeachCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The append-only training log in a data directory. One instance is the one writer (it holds the
/// lock until it is released); `read(_:)` reads without locking or changing anything.
/// Not thread-safe: owned by one actor (the `TrainingStore` on the main actor, or a tool's main code).
public final class TrainingLog {
    public let directory: DataDirectory
    private let lock: WriterLock
    private let file: OpenFile
    /// Length of the file up to the last complete record: where the next record goes.
    private var committedLength: Int64
    /// A failed write may have left bytes past `committedLength` that could not be cut off yet.
    private var needsRollback = false

    private init(directory: DataDirectory, lock: WriterLock, file: OpenFile, committedLength: Int64) {
        self.directory = directory
        self.lock = lock
        self.file = file
        self.committedLength = committedLength
    }

    /// Takes the writer lock, creates the directory and log if needed, reads the history, and moves
    /// a torn last line aside so later appends start on a clean line.
    public static func openForWriting(_ directory: DataDirectory) throws(StoreError) -> (log: TrainingLog, contents: LogContents) {
        do { try createDirectories(directory.path) } catch { throw .cannotOpen(error) }
        let lock = try WriterLock(directory)
        let file: OpenFile
        let bytes: [UInt8], count: Int
        do {
            file = try OpenFile(path: directory.logPath, flags: O_RDWR | O_CREAT)
            (bytes, count) = try file.readAll()
        } catch {
            throw .cannotOpen(error)
        }
        let parsed = LogFileParser(bytes, count: count)
        var contents = try contentsChecked(parsed, path: directory.logPath)
        var committedLength = Int64(parsed.goodEnd)

        if parsed.header == .absent {
            // New file, or a crash while its header was written (no records possible yet): write the header.
            let header = Array(LogFormat.fileHeader.utf8)
            do {
                try file.truncate(to: 0)
                try file.writeWhole(header, at: 0)
                try file.sync()
            } catch {
                throw .cannotOpen(error)
            }
            syncDirectory(directory.path)
            committedLength = Int64(header.count)
        } else if let tail = parsed.tail {
            try moveAside(tail, from: bytes, file: file, directory: directory, keeping: committedLength)
            contents.warnings.append(.tornLastLine(path: directory.logPath, lineNumber: tail.lineNumber,
                                                   byteCount: tail.range.count, reason: tail.reason,
                                                   movedTo: directory.corruptPath))
        }
        return (TrainingLog(directory: directory, lock: lock, file: file, committedLength: committedLength), contents)
    }

    /// Reads the history without the lock and without changing any file (export, profile, a second
    /// process). A missing log is an empty history. A torn last line is reported, not moved.
    public static func read(_ directory: DataDirectory) throws(StoreError) -> LogContents {
        let file: OpenFile
        do {
            file = try OpenFile(path: directory.logPath, flags: O_RDONLY)
        } catch where error.code == ENOENT {
            return LogContents()
        } catch {
            throw .cannotOpen(error)
        }
        let bytes: [UInt8], count: Int
        do { (bytes, count) = try file.readAll() } catch { throw .cannotOpen(error) }
        let parsed = LogFileParser(bytes, count: count)
        var contents = try contentsChecked(parsed, path: directory.logPath)
        if let tail = parsed.tail {
            contents.warnings.append(.tornLastLine(path: directory.logPath, lineNumber: tail.lineNumber,
                                                   byteCount: tail.range.count, reason: tail.reason, movedTo: nil))
        }
        return contents
    }

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
                do { bytes += Array(try LogLineEncoder.line(for: record).utf8) } catch { throw .unrepresentable(error) }
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

    private static func contentsChecked(_ parsed: LogFileParser, path: String) throws(StoreError) -> LogContents {
        switch parsed.header {
        case .valid, .absent: break
        case .notALog(let firstLine): throw .notAPeachLog(path: path, firstLine: firstLine)
        case .unsupportedVersion(let version): throw .unsupportedVersion(path: path, version: version)
        }
        let warnings = parsed.corruptLines.map { LogWarning.corruptLine(path: path, lineNumber: $0.lineNumber, reason: $0.reason) }
        return LogContents(records: parsed.records, warnings: warnings)
    }

    /// Appends the torn bytes to the `.corrupt` file (durably) before cutting them off the log, so
    /// a crash in between can at worst duplicate them there, never lose them.
    private static func moveAside(_ tail: LogFileParser.Tail, from bytes: [UInt8], file: OpenFile,
                                  directory: DataDirectory, keeping length: Int64) throws(StoreError) {
        let note = "# moved aside from \(directory.logPath) line \(tail.lineNumber) at "
            + "\(UTCMilliseconds(Date()).iso8601()): \(tail.reason)\n"
        var moved = Array(note.utf8) + bytes[tail.range]
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
