import PeachPresentation
@testable import PeachTerminal
import Synchronization
import Testing

/// What the registered actions did, in order (C function pointers cannot capture: a global).
private let ran = Mutex<[Int]>([])

@Suite struct CrashActionsTests {
    /// The only test that registers (the registry is process-wide and keeps what it is given).
    @Test func registeredActionsRunInOrderAndTheRegistryIsBounded() {
        #expect(CrashActions.register { ran.withLock { $0.append(1) } })
        #expect(CrashActions.register { ran.withLock { $0.append(2) } })
        CrashActions.runAll()
        #expect(ran.withLock { $0 } == [1, 2])
        for _ in 2..<CrashActions.capacity { #expect(CrashActions.register { ran.withLock { $0.append(0) } }) }
        #expect(!CrashActions.register { ran.withLock { $0.append(-1) } }, "a full registry must refuse")
        ran.withLock { $0.removeAll() }
        CrashActions.runAll()
        #expect(ran.withLock { $0 } == [1, 2] + Array(repeating: 0, count: CrashActions.capacity - 2))
    }
}
