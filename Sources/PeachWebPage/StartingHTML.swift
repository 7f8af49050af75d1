import PeachText

/// What the page shows while `peach web` starts: each step's line as the terminal prints it (FluidSynth starting,
/// the calibration's progress), the latest last, announced as it comes.
public enum StartingHTML {
    public static func render(_ lines: [String]) -> String {
        ScreenHTML.frame(title: tr(.pageStartingTitle),
                         body: "<pre class=\"starting\" role=\"status\" aria-live=\"polite\">"
                             + HTMLText.escape(lines.joined(separator: "\n")) + "</pre>",
                         hints: tr(.pageStartingHint), back: false)
    }

    /// What anything but the page itself is told until the trainer is there.
    static var unavailable: String { tr(.pageStartingUnavailable) }
}
