import Synchronization

/// What the crash handler does before the process dies, besides restoring the terminal: the
/// composition root registers async-signal-safe actions here (the synth's emergency silence). Plain
/// C function pointers in preallocated slots, so running them allocates nothing and takes no lock;
/// this module never learns what they do (it does not import ALSA).
public enum CrashActions {
    public typealias Action = @convention(c) () -> Void
    public static let capacity = 8

    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<Action?> = {
        let slots = UnsafeMutablePointer<Action?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()
    private static let count = Atomic<Int>(0)

    /// Adds `action` (run in registration order). Register from one thread, before crashes matter.
    /// Returns false when every slot is taken.
    @discardableResult
    public static func register(_ action: Action) -> Bool {
        let used = count.load(ordering: .acquiring)
        guard used < capacity else { return false }
        slots[used] = action
        count.store(used + 1, ordering: .releasing)
        return true
    }

    /// Initialises the storage now, so a signal handler never runs a lazy global initialiser.
    static func prepare() {
        _ = (slots, count.load(ordering: .relaxed))
    }

    /// Runs every registered action once. Async-signal-safe if the actions are.
    static func runAll() {
        let used = count.load(ordering: .acquiring)
        for index in 0..<used { slots[index]?() }
    }
}
