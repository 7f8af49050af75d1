import Foundation
import PeachCore
import PeachDisciplines
import PeachText

/// Plain mode's single-line commands. Each mode brings its start words and its answer words from the
/// discipline registry; the words that answer are the running mode's (before a mode runs, any mode's, in
/// menu order). A signed number tunes by that many cents; an empty line commits (Enter).
@MainActor
public enum PlainCommandParser {
    public static func help(modes: [any TrainingMode]) -> String {
        let starts = modes.map { tr(.plainStartEntry, ["word": $0.plainWords[0], "title": $0.menuTitle.lowercased()]) }
            .joined(separator: ", ")
        var answers: [String] = []
        for mode in modes where !answers.contains(mode.plainAnswerHelp) { answers.append(mode.plainAnswerHelp) }
        return tr(.plainHelp, ["starts": starts, "answers": answers.joined(separator: ", ")])
    }

    public enum Parsed: Equatable {
        case command(AppCommand)
        case help
        case unknown(String)
    }

    /// `running`: the mode training now, whose answer words come first.
    public static func parse(_ line: String, modes: [any TrainingMode], running: TrainingModeID? = nil) -> Parsed {
        let word = line.trimmingCharacters(in: .whitespaces).lowercased()
        if let mode = modes.first(where: { $0.plainWords.contains(word) }) {
            return .command(.open(.training(mode.id)))
        }
        if let command = command(word) { return command }
        let answering = modes.filter { $0.id == running } + modes
        if let input = answering.lazy.compactMap({ $0.plainAnswers[word] }).first { return .command(.input(input)) }
        // A decimal comma is read too: a German user types "-0,5" as readily as "-0.5".
        if let first = word.first, first == "+" || first == "-",
           let cents = Double(word.dropFirst().replacingOccurrences(of: ",", with: ".")), cents.isFinite {
            return .command(.input(.adjust(Cents(first == "-" ? -cents : cents), via: .keyboard)))
        }
        return .unknown(word)
    }

    /// The words that mean the same in every mode.
    private static func command(_ word: String) -> Parsed? {
        switch word {
        case "", "enter", "commit": .command(.input(.commit))
        case "s", "stop", "back", "esc": .command(.back)
        case "p", "profile": .command(.open(.profile))
        case "i", "info": .command(.open(.info))
        case "z", "snooze": .command(.snooze)
        case "learn": .command(.learnController)
        case "connect": .command(.connectOfferedSynth)
        case "q", "quit", "exit": .command(.quit)
        case "?", "help": .help
        default: nil
        }
    }
}
