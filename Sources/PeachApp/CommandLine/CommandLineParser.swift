import PeachCore
import PeachText
import PeachTrainer

/// A usage error: names the bad word and what would have been valid. Exit code 2.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { "peach: \(message)\n" + tr(.usageTryHelp) }
}

/// Parses `peach [command] [options]`. Options may come before or after the command.
public enum CommandLineParser {
    /// From `CommandLineSpec`, the table --help and the man page are rendered from.
    static var commands: [String] { CommandLineSpec.visibleCommands.map(\.name).filter { !$0.isEmpty } }
    static var valueOptions: [String] { CommandLineSpec.valueOptionNames }
    static var flagOptions: [String] { CommandLineSpec.flagOptionNames }

    public static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineOptions {
        var words = ParsedWords()
        var index = 0
        while index < arguments.count {
            let (word, inlineValue) = splitInlineValue(arguments[index])
            // The option's value: after its "=", or else the next argument, which must not be an option.
            try words.read(word) { () throws(UsageError) -> String in
                if let inlineValue {
                    guard !inlineValue.isEmpty else { throw UsageError(tr(.usageNeedsValue, ["option": word])) }
                    return inlineValue
                }
                index += 1
                guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                    throw UsageError(tr(.usageNeedsValue, ["option": word]))
                }
                return arguments[index]
            }
            index += 1
        }
        return try words.resolvedOptions()
    }

    /// "--option=value" as the option and its value; any other word as itself, with no value.
    private static func splitInlineValue(_ argument: String) -> (word: String, inlineValue: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// What the words read so far ask for. The command is decided once all are read, since options
    /// may come before it.
    private struct ParsedWords {
        var options = CommandLineOptions()
        var positionals: [String] = []
        var svgPath: String?
        var json = false
        var partial = false
        var web = WebRequest()
        var webOptions: [String] = []
        var calibrate = CalibrateRequest()
        var wantsHelp = false
        var wantsVersion = false

        /// One word: an option, whose value `value` reads when it takes one, or a positional.
        mutating func read(_ word: String, value: () throws(UsageError) -> String) throws(UsageError) {
            switch word {
            case "--synth":
                let name = try value()
                guard let choice = SynthChoice(rawValue: name.lowercased()) else {
                    throw UsageError(tr(.usageUnknownSynth, ["name": Echo.quoted(name),
                                                             "choices": SynthChoice.allCases.map(\.rawValue).joined(separator: ", ")]))
                }
                options.synth = choice
            case "--soundfont": options.soundFont = try value()
            case "--audio-driver": options.audioDriver = try value()
            case "--port": options.outputPort = try value()
            case "--input": options.inputPort = try value()
            case "--config": options.configPath = try value()
            case "--data-dir": options.dataDirectory = try value()
            case "--svg": svgPath = try value()
            case "--program": calibrate.program = try number(try value(), for: word, in: 0...127)
            case "--bank": calibrate.bank = try number(try value(), for: word, in: 0...127)
            case "--capture": calibrate.capture = try value()
            case "--latency-only": calibrate.latencyOnly = true
            case "--plain": options.plain = true
            case "--web-port":
                web.port = UInt16(try number(try value(), for: word, in: 1...65_535))
                webOptions.append(word)
            case "--no-browser":
                web.openBrowser = false
                webOptions.append(word)
            case "--partial": partial = true
            case "--json": json = true
            case "--help", "-h": wantsHelp = true
            case "--version", "-V": wantsVersion = true
            default:
                if word.hasPrefix("-") && word != "-" {
                    let suggestion = SpellingSuggestion.closest(to: word, in: valueOptions + flagOptions)
                        .map { tr(.usageDidYouMean, ["suggestion": $0]) } ?? ""
                    throw UsageError(tr(.usageUnknownOption, ["option": Echo.quoted(word), "suggestion": suggestion]))
                }
                positionals.append(word)
            }
        }

        /// The options with their command, once every word is read. Help and version win over any
        /// command; calibrate's options belong to calibrate alone.
        func resolvedOptions() throws(UsageError) -> CommandLineOptions {
            var resolved = options
            if wantsHelp { resolved.command = .help; return resolved }
            if wantsVersion { resolved.command = .version; return resolved }
            resolved.command = try command(from: positionals, svgPath: svgPath, json: json, partial: partial,
                                           webOptions: webOptions)
            if case .web = resolved.command { resolved.command = .web(web) }
            if case .calibrate = resolved.command {
                var request = calibrate
                request.json = json
                if request.latencyOnly && request.capture == nil { throw UsageError(tr(.usageLatencyOnlyNeedsCapture)) }
                resolved.command = .calibrate(request)
            } else if calibrate != CalibrateRequest() {
                throw UsageError(tr(.usageCalibrateOnly))
            }
            return resolved
        }
    }

    private static func number(_ text: String, for option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(tr(.usageNeedsNumber, ["option": option, "lowest": "\(range.lowerBound)",
                                                    "highest": "\(range.upperBound)", "value": Echo.quoted(text)]))
        }
        return value
    }

    private static func command(from positionals: [String], svgPath: String?, json: Bool,
                                partial: Bool, webOptions: [String]) throws(UsageError) -> PeachCommand {
        // No command word is the trainer (the table's "" entry); an empty word given is not.
        let name = positionals.first ?? ""
        let rest = Array(positionals.dropFirst())
        guard positionals.first != "", CommandLineSpec.command(named: name) != nil else {
            let suggestion = SpellingSuggestion.closest(to: name, in: commands).map { tr(.usageDidYouMean, ["suggestion": "'\($0)'"]) } ?? ""
            throw UsageError(tr(.usageUnknownCommand, ["command": Echo.quoted(name), "suggestion": suggestion,
                                                       "commands": commands.joined(separator: ", ")]))
        }
        try rejectOptionsOfOtherCommands(given: (svgPath != nil ? ["--svg"] : []) + (json ? ["--json"] : [])
                                                + (partial ? ["--partial"] : []) + webOptions, command: name)
        func noMoreThan(_ count: Int) throws(UsageError) {
            guard rest.count <= count else {
                throw UsageError(tr(.usageUnexpectedArgument, ["argument": Echo.quoted(rest[count]), "command": name]))
            }
        }
        switch name {
        case "":
            return .train
        case "web":
            try noMoreThan(0)
            return .web(WebRequest())
        case "ports":
            try noMoreThan(0)
            return .ports
        case "profile":
            try noMoreThan(0)
            if json && svgPath != nil { throw UsageError(tr(.usageSvgOrJson)) }
            return .profile(svgPath: svgPath, json: json)
        case "export":
            try noMoreThan(1)
            return .export(path: rest.first.flatMap { $0 == "-" ? nil : $0 })
        case "tunings":
            try noMoreThan(1)
            return .tunings(path: rest.first)
        case "import":
            guard let path = rest.first else { throw UsageError(tr(.usageImportNeedsFile)) }
            try noMoreThan(1)
            return .importCSV(path: path, partial: partial)
        case "calibrate":
            try noMoreThan(0)
            return .calibrate(CalibrateRequest())
        case "help":
            return .help
        case "__man":
            try noMoreThan(0)
            return .manPage
        case "__completion":
            let shells = ShellCompletion.Shell.allCases.map(\.rawValue)
            guard let word = rest.first, let shell = ShellCompletion.Shell(rawValue: word) else {
                throw UsageError(tr(.usageCompletionNeedsShell, ["shells": shells.joined(separator: tr(.usageOr))]))
            }
            try noMoreThan(1)
            return .completion(shell)
        default:
            // In the table but not parsed here: a programming error a test catches (every table entry parses).
            throw UsageError(tr(.usageNotInThisBuild, ["command": name]))
        }
    }

    /// An option that belongs to one command ("--svg" to profile) given with another.
    private static func rejectOptionsOfOtherCommands(given: [String], command: String) throws(UsageError) {
        for option in given {
            let owners = CommandLineSpec.commands.filter { $0.options.contains(option) }.map(\.name)
            guard !owners.isEmpty, !owners.contains(command) else { continue }
            throw UsageError(tr(.usageOptionOnlyWith, ["option": option,
                                                       "commands": owners.map { "'peach \($0)'" }.joined(separator: tr(.usageOr))]))
        }
    }
}
