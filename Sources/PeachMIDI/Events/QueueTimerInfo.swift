import PeachCore
import PeachText

/// Which kernel timer drives Peach's sequencer queue, and how finely: what `peach ports` prints.
///
/// The queue does not run at the timer's own resolution: the kernel wakes it every `ticks` timer
/// ticks, `ticks = 10⁹ / (resolution × frequency)` (at least 1), where the frequency is the queue's
/// preferred one (0 means the kernel's default, 1000 Hz; it is held to 10…6250 Hz). A scheduled event
/// leaves at the first wake-up at or after its time, up to `queuePeriodNanoseconds` late, unless it is put
/// on a wake-up (`nearestWakeUp`; see docs/rhythm-timing.md).
public struct QueueTimerInfo: Hashable, Sendable, CustomStringConvertible {
    /// The kernel's timer classes (`SND_TIMER_CLASS_*`).
    public enum TimerClass: Hashable, Sendable {
        case none, slave, global, card, pcm
        case other(Int)

        public init(rawValue: Int) {
            switch rawValue {
            case -1: self = .none
            case 0: self = .slave
            case 1: self = .global
            case 2: self = .card
            case 3: self = .pcm
            default: self = .other(rawValue)
            }
        }
    }

    public var timerClass: TimerClass
    public var card: Int
    public var device: Int
    public var subdevice: Int
    /// The timer's name as the kernel gives it ("HR timer", "system timer"), nil when it could not be read.
    public var name: String?
    /// The timer's own resolution (one tick), nanoseconds; nil when it could not be read.
    public var resolutionNanoseconds: Int?
    /// The queue's preferred wake-up frequency as set on the queue (0: the kernel's default).
    public var preferredFrequency: Int

    public init(timerClass: TimerClass, card: Int = -1, device: Int, subdevice: Int = 0, name: String? = nil,
                resolutionNanoseconds: Int? = nil, preferredFrequency: Int = 0) {
        self.timerClass = timerClass
        self.card = card
        self.device = device
        self.subdevice = subdevice
        self.name = name
        self.resolutionNanoseconds = resolutionNanoseconds
        self.preferredFrequency = preferredFrequency
    }

    /// The frequency the kernel actually asks for: the default for 0, else clamped to `frequencyRange`.
    public var effectiveFrequency: Int {
        preferredFrequency == 0 ? QueueWakeUps.defaultFrequency
            : min(max(preferredFrequency, QueueWakeUps.frequencyRange.lowerBound), QueueWakeUps.frequencyRange.upperBound)
    }

    /// How often the queue wakes up and delivers what is due, nanoseconds (nil without the timer's resolution).
    public var queuePeriodNanoseconds: Int? {
        guard let resolution = resolutionNanoseconds, resolution > 0 else { return nil }
        let ticks = max(1, 1_000_000_000 / (resolution * effectiveFrequency))
        return resolution * ticks
    }

    /// The queue's wake-up nearest to `instant`. The queue wakes at whole periods of its own clock (it counts
    /// from 0 at its start in steps of one period) and delivers an event at the first wake-up at or after its
    /// time: scheduled here, a click leaves within half a period of `instant` instead of up to a whole period late.
    public func nearestWakeUp(to instant: QueueInstant) -> QueueInstant {
        wakeUps.nearest(to: instant)
    }

    /// Whether the queue is coarse (`QueueWakeUps.coarsePeriod`: a system timer at HZ = 250 or 100), so compare
    /// timing cannot place a click finer than its period (docs/rhythm-timing.md).
    public var isCoarse: Bool { wakeUps.isCoarse }

    /// The queue's wake-ups: where it delivers an event put on the nearest one.
    public var wakeUps: QueueWakeUps { QueueWakeUps(periodNanoseconds: queuePeriodNanoseconds.map(Int64.init)) }

    /// "hrtimer", "system timer", "PCM timer (card 0, device 0)" …
    public var kind: String {
        switch timerClass {
        case .global:
            switch device {
            case 0: tr(.timerSystem)
            case 1: tr(.timerRtc)
            case 2: tr(.timerHpet)
            case 3: "hrtimer"
            default: tr(.timerGlobal, ["device": "\(device)"])
            }
        case .card: tr(.timerCard, ["card": "\(card)", "device": "\(device)"])
        case .pcm: tr(.timerPcm, ["card": "\(card)", "device": "\(device)", "subdevice": "\(subdevice)"])
        case .slave: tr(.timerSlave)
        case .none: tr(.timerNone)
        case .other(let value): tr(.timerOther, ["value": "\(value)"])
        }
    }

    /// e.g. `hrtimer ("HR timer"), resolution 0.000001 ms; the queue wakes every 1 ms (1000 Hz)`.
    public var description: String {
        var text = kind
        if let name, name.lowercased() != kind.lowercased() { text += " (\"\(name)\")" }
        text += tr(.timerResolution, ["resolution": resolutionNanoseconds.map { Self.shown($0) + " ms" } ?? tr(.timerUnknown)])
        if let period = queuePeriodNanoseconds {
            text += tr(.timerWakes, ["period": Self.shown(period), "frequency": "\(effectiveFrequency)"])
        } else {
            text += tr(.timerAsks, ["frequency": "\(effectiveFrequency)"])
        }
        return text
    }

    /// `milliseconds` in the language's notation, for the text.
    static func shown(_ nanoseconds: Int) -> String { LocalizedNumber.localizing(milliseconds(nanoseconds)) }

    /// Milliseconds with as many decimals as nanoseconds need, and no trailing zeros: 1 ms, 0.16 ms, 0.000001 ms.
    static func milliseconds(_ nanoseconds: Int) -> String {
        let whole = nanoseconds / 1_000_000
        var fraction = String(nanoseconds % 1_000_000)
        guard fraction != "0" else { return String(whole) }
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction)"
    }
}
