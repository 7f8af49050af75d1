import Foundation
@testable import PeachApp
import PeachConfig
import PeachDisciplines
import PeachPresentation
import PeachTerminal
import PeachTestSupport
import PeachText
@testable import PeachTrainer
import Testing

/// peach(1) and --help come from one table: the page renders cleanly and both list the same things.
@MainActor @Suite struct ManPageTests {
    let roff = ManPage.roff(version: PeachApp.version)

    /// `groff -man -Tutf8 -ww` (every warning on): no warning, and the sections a man page needs.
    @Test func rendersThroughGroffWithoutAnyWarning() throws {
        let directory = try BuiltPeach.temporaryDirectory("peach-man")
        try roff.write(toFile: directory + "/peach.1", atomically: true, encoding: .utf8)
        // -P -cbu: plain text without overstrike, so section names can be found.
        let result = try BuiltPeach.shell("groff -man -Tutf8 -ww -P -cbu \"$1\"", [directory + "/peach.1"])
        #expect(result.status == 0, "groff is needed (scripts/setup --test installs groff-base): \(result.err)")
        #expect(result.err.isEmpty, "groff warnings:\n\(result.err)")
        let page = result.out
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "CONFIGURATION", "FILES", "ENVIRONMENT",
                        "EXIT STATUS", "EXAMPLES", "SEE ALSO"] {
            #expect(page.contains("\n" + section + "\n"), "section \(section)")
        }
    }

    /// The German page (installed as share/man/de/man1/peach.1) renders as cleanly, its UTF-8 read by preconv (-k)
    /// as man-db does, with the German section names.
    @Test func theGermanPageRendersThroughGroffWithoutAnyWarning() throws {
        let german = Localization.rendering(in: .german) { ManPage.roff(version: PeachApp.version) }
        let directory = try BuiltPeach.temporaryDirectory("peach-man-de")
        try german.write(toFile: directory + "/peach.1", atomically: true, encoding: .utf8)
        let result = try BuiltPeach.shell("groff -k -man -Tutf8 -ww -P -cbu \"$1\"", [directory + "/peach.1"])
        #expect(result.status == 0 && result.err.isEmpty, "groff warnings:\n\(result.err)")
        for section in ["BEZEICHNUNG", "ÜBERSICHT", "BESCHREIBUNG", "BEFEHLE", "OPTIONEN", "KONFIGURATION", "DATEIEN",
                        "UMGEBUNGSVARIABLEN", "EXIT-STATUS", "BEISPIELE", "SIEHE AUCH"] {
            #expect(result.out.contains("\n" + section + "\n"), "section \(section)")
        }
        #expect(result.out.contains("peach - ein Gehörtrainer, der auf einem echten Synthesizer spielt"))
        #expect(result.out.contains("Tonhöhenvergleich (c)"))
    }

    @Test func documentsEveryConfigurationKeyWithItsDefault() {
        for key in Disciplines.schema.keys {
            #expect(roff.contains(".TP\n\\fB\(ManPage.text(key.name))\\fR\n"), "\(key)")
            #expect(roff.contains(ManPage.text("Default: \(key.defaultValue)")) || roff.contains("Default: empty"), "\(key)")
        }
        for section in Disciplines.schema.sections { #expect(roff.contains(".SS [\(section)]")) }
    }

    /// The commands and options each text lists, read back from the rendered text, not from the table.
    static func helpEntries() -> (commands: Set<String>, options: Set<String>) {
        var commands = Set<String>(), options = Set<String>()
        var part = ""
        for line in HelpText.usage.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasSuffix(":") && !line.hasPrefix(" ") { part = String(line); continue }
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { continue }
            let words = line.split(separator: " ")
            switch part {
            case "Commands:": commands.insert(String(words[0]))
            case "Options:": options.formUnion(words.prefix(2).map { $0.trimmingCharacters(in: [","]) }.filter { $0.hasPrefix("-") })
            default: break
            }
        }
        commands.remove("(none)")
        return (commands, options)
    }

    func manEntries() -> (commands: Set<String>, options: Set<String>) {
        var commands = Set<String>(), options = Set<String>()
        let lines = roff.split(separator: "\n").map(String.init)
        var section = ""
        for (index, line) in lines.enumerated() {
            if line.hasPrefix(".SH ") { section = String(line.dropFirst(4)); continue }
            guard line == ".TP", index + 1 < lines.count else { continue }
            let tag = lines[index + 1].replacingOccurrences(of: "\\-", with: "-")
            let bold = tag.matches(of: /\\fB([^\\]+)\\fR/).map { String($0.1) }
            switch section {
            case "COMMANDS": if let first = bold.first, !tag.hasPrefix("(") { commands.insert(first) }
            case "OPTIONS": options.formUnion(bold)
            default: break
            }
        }
        return (commands, options)
    }

    @Test func helpAndManPageListTheSameCommandsAndOptions() {
        let help = Self.helpEntries(), man = manEntries()
        #expect(help.commands == man.commands)
        #expect(help.options == man.options)
        #expect(help.commands == Set(CommandLineParser.commands), "every listed command is one the parser knows")
        #expect(help.options == Set(CommandLineParser.valueOptions + CommandLineParser.flagOptions))
        #expect(help.commands.isSuperset(of: ["ports", "profile", "export", "import", "help"]))
        #expect(help.options.isSuperset(of: ["--port", "--input", "--synth", "--svg", "--partial", "-h", "--help"]))
    }

    @Test func hiddenCommandsParseButAreListedNowhere() throws {
        let hidden = CommandLineSpec.commands.filter(\.hidden).map(\.name)
        #expect(hidden.contains("__man") && hidden.contains("__completion"))
        let completions = ShellCompletion.Shell.allCases.map(ShellCompletion.script(for:))
        for name in hidden {
            #expect(!HelpText.usage.contains(name))
            #expect(!roff.contains(ManPage.text(name)))
            for script in completions { #expect(!script.contains("'\(name):"), "zsh lists commands as 'name:summary'") }
        }
        #expect(try CommandLineParser.parse(["__man"]).command == .manPage)
        #expect(try CommandLineParser.parse(["__completion", "zsh"]).command == .completion(.zsh))
    }

    /// The table and the parser agree: every command word and every option in the table parses.
    @Test func everyTableEntryParses() throws {
        for command in CommandLineSpec.commands where !command.name.isEmpty {
            let arguments = command.arguments.split(separator: " ").filter { !$0.hasPrefix("[") && !$0.hasSuffix("]") }.map { word in
                word == "bash|zsh" ? "bash" : "x"
            }
            _ = try CommandLineParser.parse([command.name] + arguments)
        }
        for option in CommandLineSpec.options {
            let owner = CommandLineSpec.commands.first { $0.options.contains(option.name) }
            // import needs its file; --latency-only needs --capture.
            let command = (owner.map { [$0.name] + ($0.name == "import" ? ["x.csv"] : []) } ?? [])
                + (option.name == "--latency-only" ? ["--capture", "x"] : [])
            for spelling in option.spellings {
                let value: [String] = option.value == nil ? [] : [option.name == "--synth" ? "auto" : option.value == "N" ? "1" : "x"]
                _ = try CommandLineParser.parse(command + [spelling] + value)
            }
        }
    }

    @Test func theBinaryPrintsThePage() throws {
        let result = try BuiltPeach.shell("\"$1\" __man", [BuiltPeach.path])
        #expect(result.status == 0)
        #expect(result.out == roff)
    }
}
