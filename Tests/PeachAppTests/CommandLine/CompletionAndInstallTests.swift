import Foundation
@testable import PeachApp
import PeachDisciplines
import PeachTestSupport
import PeachText
@testable import PeachTrainer
import Testing

/// The shell completions (driven through bash's own completion variables, with a stand-in `aconnect`
/// that lists ports) and scripts/install with a prebuilt binary into a temporary prefix.
@Suite struct CompletionAndInstallTests {
    /// A directory with an `aconnect` that prints what the real one prints for a FluidSynth and a controller.
    func fakeAconnect() throws -> String {
        let directory = try BuiltPeach.temporaryDirectory("peach-fakebin")
        let script = """
            #!/bin/sh
            case "$1" in
            -o) printf '%s\\n' "client 14: 'Midi Through' [type=kernel]" "    0 'Midi Through Port-0'" \\
                    "client 128: 'FLUID Synth (1234)' [type=user,pid=1234]" "    0 'Synth input port (1234:0)'" ;;
            -i) printf '%s\\n' "client 0: 'System' [type=kernel]" "    0 'Timer           '" \\
                    "client 20: 'nanoKONTROL2' [type=kernel,card=1]" "    0 'nanoKONTROL2 MIDI 1'" ;;
            esac
            """
        try script.write(toFile: directory + "/aconnect", atomically: true, encoding: .utf8)
        #expect(chmod(directory + "/aconnect", 0o755) == 0)
        return directory
    }

    /// What bash would offer for the words of `line` (the last word is the one being completed).
    func bashCompletions(_ words: [String], script: String = ShellCompletion.bash) throws -> [String] {
        let directory = try fakeAconnect()
        try script.write(toFile: directory + "/peach.bash", atomically: true, encoding: .utf8)
        let driver = """
            source "$1/peach.bash"; shift
            COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()
            _peach
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try BuiltPeach.shell(driver, [directory] + words,
                                          environment: ["PATH": directory + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")])
        #expect(result.err.isEmpty, "\(result.err)")
        return result.out.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesPortsFromTheLivePortList() throws {
        #expect(try bashCompletions(["peach", "--port", ""]) == ["FLUID\\ Synth\\ \\(1234\\)", "128:0"])
        #expect(try bashCompletions(["peach", "--port", "12"]) == ["128:0"])
        #expect(try bashCompletions(["peach", "--input", ""]) == ["nanoKONTROL2", "20:0"], "System and Midi Through are left out")
    }

    @Test func bashCompletesCommandsOptionsAndChoices() throws {
        #expect(try bashCompletions(["peach", ""]) == ["web", "ports", "profile", "export", "tunings", "import", "calibrate", "help"])
        #expect(try bashCompletions(["peach", "--plain", "pr"]) == ["profile"])
        #expect(try bashCompletions(["peach", "--port", "20:0", "po"]) == ["ports"], "an option's value is not the command")
        #expect(try bashCompletions(["peach", "--sy"]) == ["--synth"])
        #expect(try bashCompletions(["peach", "--synth", "f"]) == ["fluidsynth"])
        #expect(try bashCompletions(["peach", "ports", "x"]) == [], "ports takes no argument")
        #expect(try bashCompletions(["peach", "__"]) == [], "hidden commands are not offered")
    }

    @Test func zshScriptIsValidZsh() throws {
        let directory = try BuiltPeach.temporaryDirectory("peach-zsh")
        try ShellCompletion.zsh.write(toFile: directory + "/_peach", atomically: true, encoding: .utf8)
        let result = try BuiltPeach.shell("zsh -n \"$1\"", [directory + "/_peach"])
        #expect(result.status == 0, "zsh is needed (scripts/setup --test installs it): \(result.err)")
        #expect(ShellCompletion.zsh.hasPrefix("#compdef peach\n"))
        #expect(ShellCompletion.zsh.contains("'--port=[MIDI output, as aconnect accepts it, 128,0, 128, or a client or port name]:MIDI output port:_peach_ports -o'"))
    }

    /// The zsh port lister, run by zsh itself with the completion system's builtins stubbed out.
    @Test func zshCompletesPortsFromTheLivePortList() throws {
        let directory = try fakeAconnect()
        try ShellCompletion.zsh.write(toFile: directory + "/_peach", atomically: true, encoding: .utf8)
        let script = "_arguments() { :; }; compadd() { [[ $1 == -a ]] && print -rl -- ${(P)2}; }; "
            + "source \"$1/_peach\"; _peach_ports -o; print -r -- ---; _peach_ports -i"
        let result = try BuiltPeach.shell("zsh -f -c \"$2\" zsh \"$1\"", [directory, script],
                                          environment: ["PATH": directory + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")])
        #expect(result.err.isEmpty, "\(result.err)")
        #expect(result.out == "FLUID Synth (1234)\n128:0\n---\nnanoKONTROL2\n20:0\n")
    }

    /// scripts/install with `--bin` (no release build): every file lands, `man` finds the page,
    /// and --uninstall removes exactly what was installed.
    @Test func installsIntoAPrefixAndUninstallsAgain() async throws {
        let prefix = try BuiltPeach.temporaryDirectory("peach-prefix")
        let keep = prefix + "/share/man/man1/other.1"
        try FileManager.default.createDirectory(atPath: prefix + "/share/man/man1", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: keep, contents: Data("someone else's page".utf8))
        let install = try BuiltPeach.shell("\"$1\"/scripts/install --bin \"$2\" \"$3\"", [BuiltPeach.repository, BuiltPeach.path, prefix])
        #expect(install.status == 0, "\(install.err)")
        let files = ["bin/peach", "share/man/man1/peach.1", "share/man/de/man1/peach.1", "share/bash-completion/completions/peach",
                     "share/zsh/site-functions/_peach"]
        for file in files { #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file)") }
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/peach"))
        let page = await MainActor.run { ManPage.roff(version: PeachApp.version) }
        #expect(try String(contentsOfFile: prefix + "/share/man/man1/peach.1", encoding: .utf8) == page)
        let germanPage = await MainActor.run { Localization.rendering(in: .german) { ManPage.roff(version: PeachApp.version) } }
        #expect(try String(contentsOfFile: prefix + "/share/man/de/man1/peach.1", encoding: .utf8) == germanPage)
        #expect(try String(contentsOfFile: prefix + "/share/bash-completion/completions/peach", encoding: .utf8) == ShellCompletion.bash)

        let man = try BuiltPeach.shell("MANWIDTH=80 man -M \"$1/share/man\" -P cat peach", [prefix])
        #expect(man.status == 0 && man.out.contains("peach - an ear trainer"), "man finds the installed page: \(man.err)")
        // man-db picks share/man/de by language only where a German locale is installed (setlocale must succeed);
        // this machine may have none, so the German tree is named directly.
        let germanMan = try BuiltPeach.shell("MANWIDTH=80 man -M \"$1/share/man/de\" -P cat peach", [prefix])
        #expect(germanMan.status == 0 && germanMan.out.contains("peach - ein Gehörtrainer"), "man -L de: \(germanMan.err)")
        let version = try BuiltPeach.shell("\"$1/bin/peach\" --version", [prefix])
        #expect(version.out == "peach \(PeachApp.version)\n")

        let uninstall = try BuiltPeach.shell("\"$1\"/scripts/install --uninstall \"$2\"", [BuiltPeach.repository, prefix])
        #expect(uninstall.status == 0, "\(uninstall.err)")
        for file in files { #expect(!FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file) removed") }
        #expect(FileManager.default.fileExists(atPath: keep), "nothing else is removed")
    }

    @Test func aMissingBinaryInstallsNothing() throws {
        let prefix = try BuiltPeach.temporaryDirectory("peach-prefix")
        let result = try BuiltPeach.shell("\"$1\"/scripts/install --bin /nonexistent/peach \"$2\"", [BuiltPeach.repository, prefix])
        #expect(result.status == 1)
        #expect(result.err.contains("/nonexistent/peach is not an executable file"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: prefix).isEmpty)
    }
}
