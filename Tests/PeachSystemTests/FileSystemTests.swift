import Foundation
import Glibc
import Testing
import PeachSystem

/// The path calls Peach makes outside an open file, each wrapped once: what they answer on real files, that a
/// tree is removed without following a link out of it, and that a file's date is the one FileManager gave (the
/// calibration cache's key was made with it).
@Suite struct FileSystemTests {
    /// A fresh directory under the temporary one, removed by the caller.
    static func scratch() throws -> String {
        let path = FileSystem.temporaryDirectory + "/peach-files-\(getpid())-\(UUID().uuidString)"
        try createDirectories(path)
        return path
    }

    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test func existsReadableAndExecutableAnswerAsAccessDoes() throws {
        let directory = try Self.scratch()
        defer { try? FileSystem.removeTree(directory) }
        let script = directory + "/run.sh", text = directory + "/notes.txt"
        try Self.write("#!/bin/sh\n", to: script)
        try Self.write("hello", to: text)
        try #require(chmod(script, 0o755) == 0 && chmod(text, 0o644) == 0)
        #expect(FileSystem.exists(text) && FileSystem.isReadable(text) && !FileSystem.isExecutable(text))
        #expect(FileSystem.isExecutable(script))
        #expect(FileSystem.exists(directory) && !FileSystem.isExecutable(directory), "a directory is entered, not run")
        #expect(!FileSystem.exists(directory + "/missing") && !FileSystem.isReadable(directory + "/missing"))
    }

    @Test func aDirectoryListsItsNamesAndAMissingOneSaysWhy() throws {
        let directory = try Self.scratch()
        defer { try? FileSystem.removeTree(directory) }
        try Self.write("a", to: directory + "/a")
        try createDirectories(directory + "/sub")
        #expect(try FileSystem.entries(of: directory).sorted() == ["a", "sub"])
        let error = #expect(throws: SystemError.self) { try FileSystem.entries(of: directory + "/missing") }
        #expect(error?.code == ENOENT)
    }

    @Test func aTreeIsRemovedWithoutFollowingALinkOutOfIt() throws {
        let directory = try Self.scratch(), outside = try Self.scratch()
        defer { try? FileSystem.removeTree(outside) }
        try Self.write("keep", to: outside + "/kept")
        try createDirectories(directory + "/deep/deeper")
        try Self.write("x", to: directory + "/deep/deeper/file")
        try #require(symlink(outside, directory + "/deep/link") == 0)
        try FileSystem.removeTree(directory)
        #expect(!FileSystem.exists(directory))
        #expect(FileSystem.exists(outside + "/kept"), "the link was removed, not what it pointed to")
        try FileSystem.removeTree(directory)  // nothing there is not an error
    }

    @Test func anEmptyFileIsCreatedOrEmptied() throws {
        let directory = try Self.scratch()
        defer { try? FileSystem.removeTree(directory) }
        let path = directory + "/out"
        try FileSystem.createEmptyFile(path)
        #expect(try FileStatus.of(path).size == 0)
        try Self.write("something", to: path)
        try FileSystem.createEmptyFile(path)
        #expect(try FileStatus.of(path).size == 0)
        #expect(throws: SystemError.self) { try FileSystem.createEmptyFile(directory + "/missing/out") }
    }

    @Test func aFilesDateIsTheOneFileManagerGives() throws {
        let directory = try Self.scratch()
        defer { try? FileSystem.removeTree(directory) }
        let path = directory + "/font.sf2"
        try Self.write("sf", to: path)
        // Nanoseconds that a plain seconds + nanoseconds / 1e9 rounds differently in about one case in four.
        for step in 0..<50 {
            var times = [timespec(tv_sec: 1_700_000_000 + step * 7_919, tv_nsec: (step * 123_456_789) % 1_000_000_000)]
            times.append(times[0])
            try #require(utimensat(AT_FDCWD, path, times, 0) == 0)
            let expected = try #require(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
            #expect(try FileStatus.of(path).modificationDate == expected, "step \(step)")
        }
    }

    @Test func theWorkingDirectoryIsNamed() {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        #expect(FileSystem.currentDirectory == String(cString: getcwd(&buffer, buffer.count)))
    }
}
