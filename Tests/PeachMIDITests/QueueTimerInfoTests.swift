import Testing
import PeachCore
@testable import PeachMIDI

/// What `peach ports` says about the rhythm queue's timer, from the kernel's rule for the queue's period.
@Suite struct QueueTimerInfoTests {
    @Test func theHighResolutionTimerWakesTheQueueOncePerMillisecondByDefault() {
        let info = QueueTimerInfo(timerClass: .global, device: 3, name: "HR timer", resolutionNanoseconds: 1)
        #expect(info.kind == "hrtimer")
        #expect(info.queuePeriodNanoseconds == 1_000_000)
        #expect(info.description == "hrtimer (\"HR timer\"), resolution 0.000001 ms; the queue wakes every 1 ms (1000 Hz)")
    }

    @Test func theQueuePeriodFollowsTheKernelsRule() {
        // The system timer at HZ=250 ticks every 4 ms: one tick is already longer than 1/1000 s.
        let system = QueueTimerInfo(timerClass: .global, device: 0, name: "system timer", resolutionNanoseconds: 4_000_000)
        #expect(system.queuePeriodNanoseconds == 4_000_000)
        #expect(system.description == "system timer, resolution 4 ms; the queue wakes every 4 ms (1000 Hz)")
        // A preferred frequency is held to 10…6250 Hz.
        let fast = QueueTimerInfo(timerClass: .global, device: 3, resolutionNanoseconds: 1, preferredFrequency: 100_000)
        #expect(fast.effectiveFrequency == 6250)
        #expect(fast.queuePeriodNanoseconds == 160_000)
        #expect(QueueTimerInfo.milliseconds(160_000) == "0.16")
    }

    @Test func anUnreadableTimerSaysSo() {
        let info = QueueTimerInfo(timerClass: .pcm, card: 0, device: 0)
        #expect(info.queuePeriodNanoseconds == nil)
        #expect(info.description == "PCM timer (card 0, device 0, subdevice 0), resolution unknown; the queue asks for 1000 Hz")
    }

    @Test func aTimeIsPutOnTheQueuesNearestWakeUp() {
        let hrtimer = QueueTimerInfo(timerClass: .global, device: 3, resolutionNanoseconds: 1)
        #expect(hrtimer.nearestWakeUp(to: QueueInstant(nanoseconds: 2_000_400_000)) == QueueInstant(nanoseconds: 2_000_000_000))
        #expect(hrtimer.nearestWakeUp(to: QueueInstant(nanoseconds: 2_000_500_000)) == QueueInstant(nanoseconds: 2_001_000_000))
        #expect(hrtimer.nearestWakeUp(to: QueueInstant(nanoseconds: 7_000_000)) == QueueInstant(nanoseconds: 7_000_000))
        let unknown = QueueTimerInfo(timerClass: .global, device: 3)
        #expect(unknown.nearestWakeUp(to: QueueInstant(nanoseconds: 2_000_400_000)) == QueueInstant(nanoseconds: 2_000_400_000))
    }
}
