import Glibc
import Testing
import PeachSystem

/// The one fcntl wrapper: flags that take effect, and a failure that names the descriptor and the errno.
@Suite struct DescriptorFlagsTests {
    @Test func nonBlockingTakesEffectAndComesOffAgain() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        try DescriptorFlags.setNonBlocking(ends[0], true, name: "the test pipe")
        var byte: UInt8 = 0
        #expect(read(ends[0], &byte, 1) == -1 && errno == EAGAIN, "an empty pipe answers at once")
        try DescriptorFlags.setNonBlocking(ends[0], false, name: "the test pipe")
        #expect(fcntl(ends[0], F_GETFL) & O_NONBLOCK == 0)
        try DescriptorFlags.setCloseOnExec(ends[1], name: "the test pipe")
        #expect(fcntl(ends[1], F_GETFD) & FD_CLOEXEC != 0)
    }

    @Test func aFailureSaysWhichDescriptorAndWhy() {
        let error = #expect(throws: SystemError.self) { try DescriptorFlags.setNonBlocking(-1, true, name: "the test pipe") }
        #expect(error?.description == "reading the flags of the test pipe failed: Bad file descriptor (errno 9)")
        let cloexec = #expect(throws: SystemError.self) { try DescriptorFlags.setCloseOnExec(-1, name: "the test pipe") }
        #expect(cloexec?.code == EBADF)
    }
}
