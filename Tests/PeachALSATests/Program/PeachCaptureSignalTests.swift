import Foundation
import Glibc
import Testing

extension RealSequencerTests {
    /// `peach calibrate --capture` ended while it plays its test notes to an external synth: a terminating signal
    /// (its own stop: the queued rest cancelled, then every channel silenced, nothing stored), a crash (the crash
    /// handler's silence) and kill -9 (the guardian's) all leave no note sounding.
    @Suite(.enabled(if: LoopbackRequirement.shouldRun))
    struct PeachCaptureSignalTests {
        static let terminating: [Int32] = [SIGINT, SIGTERM, SIGHUP]

        @Test(arguments: terminating + [SIGSEGV, SIGKILL])
        func aCaptureCalibrationEndedMidNoteLeavesTheSynthSilent(signal: Int32) throws {
            #expect(LoopbackRequirement.present, "snd-aloop is not loaded (scripts/run-in-alsa-vm.sh -M snd-aloop)")
            guard LoopbackRequirement.present else { return }
            let capture = try TestClient(name: "Calibrate Capture", portName: "capture", writable: true, synthesizer: true)
            let directory = try PeachProgram.temporaryDirectory()
            let peach = try PeachRun(["calibrate", "--capture", "hw:Loopback,1,0", "--port", "\(capture.address)"]
                                     + PeachProgram.dataArguments(directory), directory: directory)
            let before = try PeachStuckNoteTests.untilNoteOn(capture)
            let guardian = PeachStuckNoteTests.guardian(of: peach.pid)
            #expect(guardian != nil, "no guardian next to peach calibrate \(peach.pid)")
            kill(peach.pid, signal)
            let (after, seconds) = PeachSignalTests.untilAllNotesOff(capture, sounded: before, timeout: .seconds(20))
            let status = peach.waitForExit(timeout: .seconds(20))
            print("PeachCaptureSignalTests: signal \(signal): every channel that sounded silenced \(String(format: "%.3f", seconds)) s after it")
            #expect(status == 128 + signal, "exit status \(String(describing: status)) \(peach.transcript)")
            for channel in Set(before.compactMap(\.event.noteOnChannel)) {
                #expect(after.contains { $0.event.isAllNotesOff(on: channel) }, "no CC123 on \(channel): \(after)")
            }
            #expect(notesLeftOn((before + after).map(\.event)).isEmpty, "\(notesLeftOn((before + after).map(\.event)))")
            // The queued test notes went with the queue: nothing starts after the process has gone.
            let late = capture.receive(idle: .milliseconds(500), limit: .seconds(3))
            #expect(!late.contains { $0.event.isNoteOn }, "\(late)")
            if Self.terminating.contains(signal) {
                #expect(peach.stderr.text.contains("calibration interrupted by"), "\(peach.transcript)")
                #expect(Self.storedCalibrations(directory).isEmpty, "\(Self.storedCalibrations(directory))")
            }
            if let guardian {
                #expect(waitUntil(timeout: .seconds(10)) { !PeachStuckNoteTests.isAlive(guardian) }, "the guardian outlived Peach")
            }
        }

        static func storedCalibrations(_ directory: URL) -> [String] {
            let files = FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String } ?? []
            return files.filter { $0.contains("synth-") }
        }
    }
}
