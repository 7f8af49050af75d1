@testable import PeachApp
import PeachMIDI
@testable import PeachTrainer
import Testing

/// `peach ports`' line about the rhythm queue (the kernel's own figures: the VM's RhythmTests).
@Suite struct PortsCommandRhythmLineTests {
    @Test func theRhythmQueueLineNamesTheTimerAndItsResolution() {
        let info = QueueTimerInfo(timerClass: .global, device: 3, name: "HR timer", resolutionNanoseconds: 1)
        #expect(PortsCommand.rhythmQueueLine(.success(info))
                == "Rhythm queue: hrtimer (\"HR timer\"), resolution 0.000001 ms; the queue wakes every 1 ms (1000 Hz)")
        struct NoTimer: Error, CustomStringConvertible { var description: String { "no timer" } }
        #expect(PortsCommand.rhythmQueueLine(.failure(NoTimer())) == "Rhythm queue: its timer could not be read (no timer)")
    }
}
