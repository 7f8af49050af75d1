import PeachText

/// The directed intervals the interval modes draw from (each trial draws one, uniformly); never empty,
/// never the unison (that is unison training).
///
/// Written as interval names followed by a direction word that applies to the names since the previous
/// one: `P5 M3 m3 up`, `P5 up P4 down`, `M3 both`. Names without a direction word after them go up.
public struct IntervalSelection: Hashable, Sendable, CustomStringConvertible {
    /// In the order of `Interval.allCases`, up before down; no duplicates.
    public let intervals: [DirectedInterval]

    public static let standard = IntervalSelection(validated: [
        DirectedInterval(.minorThird), DirectedInterval(.majorThird), DirectedInterval(.perfectFifth),
    ])

    private init(validated: [DirectedInterval]) { intervals = validated }

    /// Nil when `intervals` is empty or contains only unisons (which are dropped).
    public init?(_ intervals: [DirectedInterval]) {
        let kept = Set(intervals.filter { $0.interval != .perfectUnison })
        guard !kept.isEmpty else { return nil }
        self.intervals = Interval.allCases.flatMap { interval in
            IntervalDirection.allCases.map { DirectedInterval(interval, $0) }
        }.filter(kept.contains)
    }

    public enum ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        case unknownWord(String)
        case unison
        case empty

        public var description: String {
            switch self {
            case .unknownWord(let word):
                tr(.intervalsUnknownWord, ["word": word])
            case .unison: tr(.intervalsUnison)
            case .empty: tr(.intervalsEmpty)
            }
        }
    }

    /// Parses the config-file form; the error says what to write instead.
    public static func parse(_ text: String) -> Result<IntervalSelection, ParseError> {
        var chosen: [DirectedInterval] = []
        var pending: [Interval] = []
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init)
        for word in words {
            let directions: [IntervalDirection]?
            switch word.lowercased() {
            case "up": directions = [.up]
            case "down": directions = [.down]
            case "both", "updown", "up/down": directions = [.up, .down]
            default: directions = nil
            }
            if let directions {
                chosen += pending.flatMap { interval in directions.map { DirectedInterval(interval, $0) } }
                pending = []
                continue
            }
            guard let interval = Interval(abbreviation: word) else { return .failure(.unknownWord(word)) }
            guard interval != .perfectUnison else { return .failure(.unison) }
            pending.append(interval)
        }
        chosen += pending.map { DirectedInterval($0, .up) }
        guard let selection = IntervalSelection(chosen) else { return .failure(.empty) }
        return .success(selection)
    }

    /// The shortest config-file form: "m3 M3 P5 up", "P5 both", "P5 up P4 down".
    public var description: String {
        let ups = intervals.filter { $0.direction == .up }.map(\.interval)
        let downs = intervals.filter { $0.direction == .down }.map(\.interval)
        let both = ups.filter(downs.contains)
        var parts: [String] = []
        func group(_ list: [Interval], _ word: String) {
            guard !list.isEmpty else { return }
            parts.append((list.map(\.shortName) + [word]).joined(separator: " "))
        }
        group(ups.filter { !both.contains($0) }, "up")
        group(downs.filter { !both.contains($0) }, "down")
        group(both, "both")
        return parts.joined(separator: " ")
    }
}
