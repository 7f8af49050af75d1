// Test helper for PeachStoreTests: a second process that writes to a data directory, so the tests can
// check the writer lock across processes and kill -9 a writer at random moments.
//
//   peach-store-writer append DIR FIRST_ID COUNT [PADDING]
//                                                  saves COUNT records through a TrainingStore; prints
//                                                  "saved ID" after each save returned (fsynced),
//                                                  "unsaved N: ERROR" after a failed one, keeps going
//   peach-store-writer hold DIR                    takes the writer lock, prints "locked", waits for stdin EOF
//
// Record ID n is a comparison at 2026-01-01T00:00:00Z + n ms with output name "writer n" followed by
// PADDING spaces-and-x's: records spanning several memory pages make a SIGKILL land mid-write (torn lines).
import Foundation
import PeachCore
import PeachDisciplines
import PeachFormats
import PeachStore
#if canImport(Glibc)
import Glibc
#endif

/// Unbuffered, so a line printed is a line the test will read even if we are killed right after.
func say(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
}

func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(code)
}

func record(id: Int, padding: Int) -> TrainingRecord {
    let base: Int64 = 1_767_225_600_000 // 2026-01-01T00:00:00Z
    return TrainingRecord(ComparisonRecord(
        timestamp: UTCMilliseconds(value: base + Int64(id)).date, referenceNote: MIDINote(60 + id % 12)!,
        targetNote: MIDINote(60 + id % 12)!, intendedCentOffset: Cents(Double(id % 50) + 0.5),
        presentedCentOffset: Cents(Double(id % 50) + 0.25), answeredHigher: id % 2 == 0, isCorrect: id % 3 != 0,
        velocity: MIDIVelocity(90), outputName: "writer \(id)" + (padding > 0 ? " " + String(repeating: "x", count: padding) : "")))
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else { fail("usage: peach-store-writer append DIR FIRST COUNT | hold DIR", code: 64) }
let directory = DataDirectory(path: arguments[2])

let log: TrainingLog
do {
    log = try TrainingLog.openForWriting(directory, codecs: Disciplines.codecs).log
} catch {
    if case .lockedByAnotherProcess = error { fail(error.description, code: 2) }
    fail(error.description, code: 3)
}

switch arguments[1] {
case "hold":
    say("locked")
    while let _ = readLine() {}
case "append":
    guard arguments.count >= 5, let first = Int(arguments[3]), let count = Int(arguments[4]) else {
        fail("append needs FIRST_ID and COUNT", code: 64)
    }
    let padding = arguments.count > 5 ? Int(arguments[5]) ?? 0 : 0
    let store = TrainingStore(log: log, outputName: "writer")
    for id in first..<(first + count) {
        do {
            try store.save(record(id: id, padding: padding))
            say("saved \(id)")
        } catch {
            say("unsaved \(store.saveFailure?.unsavedRecords ?? -1): \(error)")
        }
    }
default:
    fail("unknown mode \(arguments[1])", code: 64)
}
