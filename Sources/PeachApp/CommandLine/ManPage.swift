import Foundation
import PeachConfig
import PeachDisciplines
import PeachText
import PeachTrainer

/// The man page peach(1) as roff (`peach __man`), rendered from `CommandLineSpec` like `--help`,
/// with every configuration key from `ConfigSchema`. `scripts/install` writes it to
/// share/man/man1/peach.1; a test renders it with `groff -man -ww` and fails on any warning.
@MainActor
enum ManPage {
    static func roff(version: String) -> String {
        var page = [
            ".TH PEACH 1 \"\" \"peach \(version)\" \"\(tr(.manUserCommands))\"",
            // Left-aligned and unhyphenated: paths and option names must never be split.
            ".nh",
            ".ad l",
            ".SH " + tr(.manName),
            "peach \\- " + text(lowercaseFirst(CommandLineSpec.summary.dropLast())),
            ".SH " + tr(.manSynopsis),
            ".B peach",
            "[\\fI\(tr(.manCommandPlaceholder))\\fR] [\\fI\(tr(.manOptionsPlaceholder))\\fR]",
            ".SH " + tr(.manDescription),
        ]
        page += paragraphs(CommandLineSpec.description + [trainingModes])

        page.append(".SH " + tr(.manCommands))
        for command in CommandLineSpec.visibleCommands {
            let tag = command.name.isEmpty ? tr(.manNoCommand) : bold(command.name) + arguments(command.arguments)
            page += [".TP", tag, text(command.summary.joined(separator: " "))]
        }

        page.append(".SH " + tr(.manOptions))
        for option in CommandLineSpec.options {
            let names = option.spellings.reversed().map(bold).joined(separator: ", ")
            page += [".TP", names + (option.value.map { " " + italic($0) } ?? ""), text(option.summary.joined(separator: " "))]
        }

        page.append(".SH " + tr(.manConfiguration))
        page += paragraphs([tr(.manConfigurationIntro)])
        var section = ""
        for key in Disciplines.schema.keys {
            if key.section != section {
                section = key.section
                page.append(".SS [\(section)]")
            }
            let allowed: String
            if let emptyMeaning = key.emptyMeaning, key.defaultValue == .text("") {
                allowed = tr(.manDefaultEmpty, ["meaning": emptyMeaning])
            } else {
                allowed = tr(.manAllowedAndDefault, ["allowed": key.kind.allowedDescription, "default": "\(key.defaultValue)"])
            }
            page += [".TP", bold(key.name), text(key.localizedDocumentation + " " + allowed)]
        }

        page.append(".SH " + tr(.manFiles))
        for file in CommandLineSpec.files { page += [".TP", italic(file.path), text(file.meaning)] }
        page.append(".SH " + tr(.manEnvironment))
        for variable in CommandLineSpec.environment { page += [".TP", bold(variable.name), text(variable.meaning)] }
        page.append(".SH " + tr(.manExitStatus))
        for status in CommandLineSpec.exitStatus { page += [".TP", bold(status.code), text(status.meaning + ": " + status.detail)] }
        page.append(".SH " + tr(.manExamples))
        for example in CommandLineSpec.examples {
            page += [".TP", bold(example.command), text(lowercaseFirst(example.meaning))]
        }
        page += [".SH " + tr(.manSeeAlso), CommandLineSpec.seeAlso.map { reference in
            let parts = reference.split(separator: "(")
            return bold(String(parts[0])) + "(" + parts[1]
        }.joined(separator: ", ")]
        return page.joined(separator: "\n") + "\n"
    }

    // MARK: - roff

    /// Every registered discipline's modes, from the registry: a new discipline is in the manual by itself.
    static var trainingModes: String {
        tr(.helpTrainingModes, ["modes": Disciplines.modes.map { mode in
            modeName(mode.menuTitle) + " (" + mode.plainWords[0] + ")"
        }.joined(separator: ", ")])
    }

    /// "Start comparison training" → "comparison training"; "Tonhöhenvergleich starten" → "Tonhöhenvergleich".
    private static func modeName(_ menuTitle: String) -> String {
        if menuTitle.hasPrefix("Start ") { return String(menuTitle.dropFirst("Start ".count)) }
        if menuTitle.hasSuffix(" starten") { return String(menuTitle.dropLast(" starten".count)) }
        return menuTitle
    }

    private static func paragraphs(_ texts: [String]) -> [String] {
        texts.enumerated().flatMap { index, paragraph in (index == 0 ? [] : [".PP"]) + [text(paragraph)] }
    }

    /// Text that roff prints as written: backslashes and hyphens escaped, no line starting with a
    /// control character, no sentence ending before a line break (which would change its spacing).
    static func text(_ plain: some StringProtocol) -> String {
        let escaped = plain.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    private static func bold(_ plain: String) -> String { "\\fB" + text(plain) + "\\fR" }
    private static func italic(_ plain: String) -> String { "\\fI" + text(plain) + "\\fR" }

    /// "FILE [--partial]": placeholders in italics, options in bold.
    private static func arguments(_ synopsis: String) -> String {
        guard !synopsis.isEmpty else { return "" }
        return " " + synopsis.split(separator: " ").map { word -> String in
            let core = word.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            let open = word.hasPrefix("[") ? "[" : "", close = word.hasSuffix("]") ? "]" : ""
            return open + (core.hasPrefix("-") ? bold(core) : italic(core)) + close
        }.joined(separator: " ")
    }

    private static func lowercaseFirst(_ sentence: some StringProtocol) -> String {
        sentence.prefix(1).lowercased() + sentence.dropFirst()
    }
}
