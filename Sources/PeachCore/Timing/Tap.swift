/// A tap a timing session takes: when (the kernel's stamp on the rhythm's queue clock for a MIDI key, pad or
/// footswitch; nil for the computer keyboard, stamped when the session reads it) and from which source, whose
/// calibrated latency is taken off.
public struct Tap: Hashable, Sendable {
    public var instant: QueueInstant?
    public var source: TapSource

    public init(at instant: QueueInstant?, from source: TapSource) {
        self.instant = instant
        self.source = source
    }

    /// A computer-keyboard tap.
    public static let keyboard = Tap(at: nil, from: .keyboard)
}
