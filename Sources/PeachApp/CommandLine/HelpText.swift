import PeachText
import PeachTrainer

/// `peach --help`, rendered from `CommandLineSpec` (the man page is rendered from the same table).
enum HelpText {
    static var usage: String {
        var lines = [tr(.helpUsage), "", CommandLineSpec.summary, "", tr(.helpCommands)]
        for command in CommandLineSpec.visibleCommands {
            let label = command.name.isEmpty ? tr(.helpNoCommand) : ([command.name, command.arguments].filter { !$0.isEmpty }.joined(separator: " "))
            lines += entry(label, command.summary)
        }
        lines += ["", tr(.helpOptions)]
        for option in CommandLineSpec.options {
            lines += entry(label(of: option), option.summary)
        }
        lines.append("")
        lines.append(tr(.helpExitStatus, ["statuses": CommandLineSpec.exitStatus.map { "\($0.code) \($0.meaning)" }
            .joined(separator: ", ")]))
        lines.append(tr(.helpSeeManual))
        return lines.joined(separator: "\n")
    }

    /// "-h, --help", "--port ADDR".
    static func label(of option: OptionSpec) -> String {
        (option.short.map { $0 + ", " } ?? "") + option.name + (option.value.map { " " + $0 } ?? "")
    }

    /// The label in a 20-column field (on its own line when longer), then the summary lines.
    private static func entry(_ label: String, _ summary: [String]) -> [String] {
        let indent = String(repeating: " ", count: 22)
        let padded = "  " + label
        guard label.count < 20, let first = summary.first else {
            return [padded] + summary.map { indent + $0 }
        }
        return [padded.padding(toLength: 22, withPad: " ", startingAt: 0) + first] + summary.dropFirst().map { indent + $0 }
    }
}
