import Foundation
import PeachCore

/// Plain mode's single-line commands. Words and their one-letter short forms (each mode brings its own
/// from the registry); a signed number tunes by that many cents; an empty line commits (Enter).
@MainActor
public enum PlainCommandParser {
    public static func help(modes: [any TrainingMode]) -> String {
        let starts = modes.map { "\($0.plainWords[0]) = \($0.menuTitle.lowercased())" }.joined(separator: ", ")
        return """
        Commands: \(starts),
        h / l = answer higher / lower (w / n = wider / narrower for intervals), +N / -N = tune by N cents (e.g. +5, -0.5), Enter = commit the tuning,
        s = stop training, p = profile, i = info, z = snooze a quiet break, learn = MIDI-learn the tuning control,
        connect = use the synth that appeared, q = quit, help = this text.
        """
    }

    public enum Parsed: Equatable {
        case command(AppCommand)
        case help
        case unknown(String)
    }

    public static func parse(_ line: String, modes: [any TrainingMode]) -> Parsed {
        let word = line.trimmingCharacters(in: .whitespaces).lowercased()
        if let mode = modes.first(where: { $0.plainWords.contains(word) }) {
            return .command(.open(.training(mode.id)))
        }
        switch word {
        case "", "enter", "commit": return .command(.input(.commit))
        case "h", "higher", "u", "up", "w", "wider": return .command(.input(.answer(higher: true)))
        case "l", "lower", "d", "down", "n", "narrower": return .command(.input(.answer(higher: false)))
        case "s", "stop", "back", "esc": return .command(.back)
        case "p", "profile": return .command(.open(.profile))
        case "i", "info": return .command(.open(.info))
        case "z", "snooze": return .command(.snooze)
        case "learn": return .command(.learnController)
        case "connect": return .command(.connectOfferedSynth)
        case "q", "quit", "exit": return .command(.quit)
        case "?", "help": return .help
        default:
            if let first = word.first, first == "+" || first == "-", let cents = Double(word.dropFirst()), cents.isFinite {
                return .command(.input(.adjust(Cents(first == "-" ? -cents : cents), via: .keyboard)))
            }
            return .unknown(word)
        }
    }
}
