/// Text the SVG picture writes without knowing the renderer's font: a line too long for the picture is broken.
/// Widths are estimated from a sans-serif font's advances (DejaVu Sans, the widest of the common ones, rounded up),
/// so a line that fits here fits in any renderer, and a German sentence, longer than its English, does not run off
/// the picture's edge.
public enum SVGText {
    /// The room text has in a panel: from the left edge every panel's text starts at to the right margin.
    public static let width = ProfileSVG.width - SVGPanel.textLeft - 20

    /// `text` broken into lines that fit: between its parts first (after a " — " or a " · "), then at the last
    /// space that fits.
    public static func lines(_ text: String, fontSize: Double, width: Double = width) -> [String] {
        let fits = { (line: String) in estimatedWidth(line, fontSize: fontSize) <= width }
        guard !fits(text) else { return [text] }
        var lines: [String] = []
        var current = ""
        for part in parts(text) {
            let joined = current.isEmpty ? part : current + " " + part
            if fits(joined) {
                current = joined
                continue
            }
            if !current.isEmpty { lines.append(current) }
            let wrapped = fits(part) ? [part] : words(part, fitting: fits)
            lines += wrapped.dropLast()
            current = wrapped.last ?? ""
        }
        return lines + [current]
    }

    /// "a — b · c" → "a —", "b ·", "c": where a line reads best broken.
    static func parts(_ text: String) -> [String] {
        [" — ", " · "].reduce([text]) { parts, separator in
            parts.flatMap { part in
                let pieces = part.components(separatedBy: separator)
                return pieces.indices.map { pieces[$0] + ($0 < pieces.count - 1 ? String(separator.dropLast()) : "") }
            }
        }
    }

    /// `text` broken at the last space before each line stops fitting.
    private static func words(_ text: String, fitting fits: (String) -> Bool) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if !fits(candidate), !current.isEmpty {
                lines.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        return lines + [current]
    }

    /// One `<text>` element per line of `text`, the first on `baseline`, each next one `spacing` lower.
    public static func elements(_ text: String, x: Double = SVGPanel.textLeft, baseline: Double, fontSize: Double = 12,
                                spacing: Double = 16) -> [String] {
        let size = fontSize == 12 ? "" : #" font-size="\#(ProfileSVG.n(fontSize))""#
        return lines(text, fontSize: fontSize).enumerated().map { index, line in
            #"<text x="\#(ProfileSVG.n(x))" y="\#(ProfileSVG.n(baseline + Double(index) * spacing))"\#(size)>\#(ProfileSVG.escape(line))</text>"#
        }
    }

    /// About how wide `text` is drawn, in the picture's units.
    public static func estimatedWidth(_ text: String, fontSize: Double) -> Double {
        text.reduce(0) { $0 + advance($1) } * fontSize
    }

    /// A character's advance in ems: narrow punctuation and letters, wide ones, capitals, digits, the rest.
    private static func advance(_ character: Character) -> Double {
        if "ijl'|!.,:;·".contains(character) { return 0.32 }
        if " ftr()[]-/I".contains(character) { return 0.38 }
        if "mwMW%—".contains(character) { return 0.95 }
        if character == "–" { return 0.5 }
        if character.isNumber { return 0.64 }
        if character.isUppercase { return 0.70 }
        if character.isLetter { return 0.60 }
        return 0.84
    }
}
