/// What a page in a browser sends the trainer: a key pressed (or a button that stands for one clicked), a Start entry
/// chosen, the tuning slider moved, a setting edited, or the page gone. Everything but the last two does what the
/// terminal's keys do.
public enum PageInput: Hashable, Sendable {
    case key(Key)
    /// The Start menu's entry at this index.
    case choose(Int)
    /// The tuning slider moved by this many cents (a relative control: the page never knows where the target is).
    case adjust(Double)
    /// The Settings row at `row` set to `text`, as typed or chosen.
    case setting(row: Int, text: String)
    /// The Settings row at `row` back to its default.
    case resetSetting(row: Int)
    /// No tab shows the page any more (the last event stream closed and none came back).
    case closed
}
