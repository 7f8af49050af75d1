import Glibc
@testable import PeachApp
@testable import PeachTrainer
import Testing

@Suite struct ProcessSignalTests {
    @Test func theTerminatingSignalsAreNamedAndEndWithTheirConventionalStatus() {
        let expected: [(ProcessSignal, String, Int32)] = [(.interrupt, "SIGINT", 130), (.terminate, "SIGTERM", 143), (.hangUp, "SIGHUP", 129)]
        for (signal, name, status) in expected {
            #expect(signal.name == name)
            #expect(signal.exitStatus == status)
        }
    }

    @Test func everySignalIsFoundByItsNumberAndNamedDifferently() {
        for signal in ProcessSignal.allCases { #expect(ProcessSignal(number: signal.number) == signal) }
        #expect(Set(ProcessSignal.allCases.map(\.name)).count == ProcessSignal.allCases.count)
    }

    @Test func aCalibrationCommandStopsOnTheSignalsThatEndATerminalProgram() {
        #expect(CommandInterruption.signals == [.interrupt, .terminate, .hangUp])
    }
}
