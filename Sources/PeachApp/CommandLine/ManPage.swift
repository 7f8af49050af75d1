import Foundation
import PeachConfig
import PeachDisciplines

/// The man page peach(1) as roff (`peach __man`), rendered from `CommandLineSpec` like `--help`,
/// with every configuration key from `ConfigSchema`. `scripts/install` writes it to
/// share/man/man1/peach.1; a test renders it with `groff -man -ww` and fails on any warning.
@MainActor
enum ManPage {
    static func roff(version: String) -> String {
        var page = [
            ".TH PEACH 1 \"\" \"peach \(version)\" \"User Commands\"",
            // Left-aligned and unhyphenated: paths and option names must never be split.
            ".nh",
            ".ad l",
            ".SH NAME",
            "peach \\- " + text(lowercaseFirst(CommandLineSpec.summary.dropLast())),
            ".SH SYNOPSIS",
            ".B peach",
            "[\\fICOMMAND\\fR] [\\fIOPTIONS\\fR]",
            ".SH DESCRIPTION",
        ]
        page += paragraphs(CommandLineSpec.description + [trainingModes])

        page.append(".SH COMMANDS")
        for command in CommandLineSpec.visibleCommands {
            let tag = command.name.isEmpty ? "(no command)" : bold(command.name) + arguments(command.arguments)
            page += [".TP", tag, text(command.summary.joined(separator: " "))]
        }

        page.append(".SH OPTIONS")
        for option in CommandLineSpec.options {
            let names = option.spellings.reversed().map(bold).joined(separator: ", ")
            page += [".TP", names + (option.value.map { " " + italic($0) } ?? ""), text(option.summary.joined(separator: " "))]
        }

        page.append(".SH CONFIGURATION")
        page += paragraphs([
            "The configuration file has key = value lines in [sections]; # starts a comment. Every key is optional: a "
                + "missing key uses its default, an invalid value is reported (file, line, key, value and what is "
                + "allowed) and replaced by its default. Changes apply from the next trial on.",
        ])
        var section = ""
        for key in ConfigSchema.all {
            if key.section != section {
                section = key.section
                page.append(".SS [\(section)]")
            }
            let allowed: String
            if case .text(let emptyMeans) = key.kind, key.defaultValue == .text("") {
                allowed = "Default: empty (\(emptyMeans))."
            } else {
                allowed = "Allowed: \(key.kind.allowedDescription). Default: \(key.defaultValue)."
            }
            page += [".TP", bold(key.name), text(key.documentation + " " + allowed)]
        }

        page.append(".SH FILES")
        for file in CommandLineSpec.files { page += [".TP", italic(file.path), text(file.meaning)] }
        page.append(".SH ENVIRONMENT")
        for variable in CommandLineSpec.environment { page += [".TP", bold(variable.name), text(variable.meaning)] }
        page.append(".SH EXIT STATUS")
        for status in CommandLineSpec.exitStatus { page += [".TP", bold(String(status.code)), text(status.meaning + ": " + status.detail)] }
        page.append(".SH EXAMPLES")
        for example in CommandLineSpec.examples {
            page += [".TP", bold(example.command), text(lowercaseFirst(example.meaning))]
        }
        page += [".SH SEE ALSO", CommandLineSpec.seeAlso.map { reference in
            let parts = reference.split(separator: "(")
            return bold(String(parts[0])) + "(" + parts[1]
        }.joined(separator: ", ")]
        return page.joined(separator: "\n") + "\n"
    }

    // MARK: - roff

    /// Every registered discipline's modes, from the registry: a new discipline is in the manual by itself.
    static var trainingModes: String {
        "Training modes (their Start-menu entries, with the words that start them in plain mode): "
            + Disciplines.modes.map { mode in
                mode.menuTitle.replacingOccurrences(of: "Start ", with: "") + " (" + mode.plainWords[0] + ")"
            }.joined(separator: ", ") + "."
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
