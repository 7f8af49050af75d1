import Foundation
import Testing
import PeachStore
import PeachDisciplines
import PeachTestSupport

@Suite struct WriterLockTests {
    @Test func secondWriterInTheSameProcessIsRefusedAndReadersStillWork() throws {
        let temp = TemporaryDirectory()
        let (log, _) = try TrainingLog.openForWriting(temp.dataDirectory, codecs: Disciplines.codecs)
        try log.append(.comparison(makeComparison()))
        #expect(throws: StoreError.lockedByAnotherProcess(directory: temp.dataDirectory.path,
                                                          lockPath: temp.dataDirectory.lockPath, pid: getpid())) {
            try TrainingLog.openForWriting(temp.dataDirectory, codecs: Disciplines.codecs)
        }
        #expect(try TrainingLog.read(temp.dataDirectory, codecs: Disciplines.codecs).records.count == 1)
        withExtendedLifetime(log) {}
    }

    @Test func lockIsReleasedWhenTheWriterGoesAway() throws {
        let temp = TemporaryDirectory()
        do { _ = try TrainingLog.openForWriting(temp.dataDirectory, codecs: Disciplines.codecs) }
        _ = try TrainingLog.openForWriting(temp.dataDirectory, codecs: Disciplines.codecs)
    }

    @Test func anotherProcessHoldingTheLockIsNamedByPID() throws {
        let temp = TemporaryDirectory()
        let holder = try WriterProcess(["hold", temp.dataDirectory.path])
        #expect(holder.waitForLine("locked"))

        do {
            _ = try TrainingLog.openForWriting(temp.dataDirectory, codecs: Disciplines.codecs)
            Issue.record("a second writer must be refused")
        } catch {
            #expect(error == .lockedByAnotherProcess(directory: temp.dataDirectory.path,
                                                     lockPath: temp.dataDirectory.lockPath, pid: holder.pid))
            #expect(error.description.contains("PID \(holder.pid)"))
            #expect(error.description.contains(temp.dataDirectory.path))
        }
        #expect(try TrainingLog.read(temp.dataDirectory, codecs: Disciplines.codecs).records.isEmpty, "read-only opens work while locked")

        let contender = try WriterProcess(["append", temp.dataDirectory.path, "0", "1"])
        let refused = contender.finish()
        #expect(refused.status == 2)
        #expect(refused.errors.contains("PID \(holder.pid)"))
        #expect(!refused.output.contains("saved"))

        holder.closeInput()
        #expect(holder.finish().status == 0)
        let (log, _) = try TrainingLog.openForWriting(temp.dataDirectory, codecs: Disciplines.codecs)
        try log.append(.comparison(makeComparison()))
    }

    @Test func writerInThisProcessBlocksAHelperProcess() throws {
        let temp = TemporaryDirectory()
        let (log, _) = try TrainingLog.openForWriting(temp.dataDirectory, codecs: Disciplines.codecs)
        let contender = try WriterProcess(["append", temp.dataDirectory.path, "0", "1"]).finish()
        #expect(contender.status == 2)
        #expect(contender.errors.contains("PID \(getpid())"))
        withExtendedLifetime(log) {}
    }
}
