/// A usage error: names the bad word and what would have been valid. Exit code 2.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { "peach: \(message)\nTry 'peach --help' for the options." }
}

/// Parses `peach [command] [options]`. Options may come before or after the command.
public enum CommandLineParser {
    static let commands = ["ports", "profile", "export", "import", "calibrate", "help"]
    static let valueOptions = ["--synth", "--soundfont", "--audio-driver", "--port", "--input",
                               "--config", "--data-dir", "--svg", "--program", "--bank", "--capture"]
    static let flagOptions = ["--plain", "--partial", "--help", "-h", "--version", "-V", "--json"]

    public static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineOptions {
        var options = CommandLineOptions()
        var positionals: [String] = []
        var svgPath: String?
        var partial = false
        var calibrate = CalibrateRequest()
        var wantsHelp = false
        var wantsVersion = false
        var index = 0

        func value(for option: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                throw UsageError("option \(option) needs a value")
            }
            return arguments[index]
        }

        while index < arguments.count {
            var word = arguments[index]
            var inlineValue: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                inlineValue = String(word[word.index(after: equals)...])
                word = String(word[..<equals])
            }
            func optionValue() throws(UsageError) -> String {
                if let inlineValue {
                    guard !inlineValue.isEmpty else { throw UsageError("option \(word) needs a value") }
                    return inlineValue
                }
                return try value(for: word)
            }
            switch word {
            case "--synth":
                let name = try optionValue()
                guard let choice = SynthChoice(rawValue: name.lowercased()) else {
                    throw UsageError("unknown synth '\(name)' for --synth; valid choices: "
                                     + SynthChoice.allCases.map(\.rawValue).joined(separator: ", "))
                }
                options.synth = choice
            case "--soundfont": options.soundFont = try optionValue()
            case "--audio-driver": options.audioDriver = try optionValue()
            case "--port": options.outputPort = try optionValue()
            case "--input": options.inputPort = try optionValue()
            case "--config": options.configPath = try optionValue()
            case "--data-dir": options.dataDirectory = try optionValue()
            case "--svg": svgPath = try optionValue()
            case "--program": calibrate.program = try number(try optionValue(), for: word, in: 0...127)
            case "--bank": calibrate.bank = try number(try optionValue(), for: word, in: 0...127)
            case "--json": calibrate.json = true
            case "--capture": calibrate.capture = try optionValue()
            case "--plain": options.plain = true
            case "--partial": partial = true
            case "--help", "-h": wantsHelp = true
            case "--version", "-V": wantsVersion = true
            default:
                if word.hasPrefix("-") && word != "-" {
                    let suggestion = closest(to: word, in: valueOptions + flagOptions).map { " (did you mean \($0)?)" } ?? ""
                    throw UsageError("unknown option '\(word)'\(suggestion)")
                }
                positionals.append(word)
            }
            index += 1
        }

        if wantsHelp { options.command = .help; return options }
        if wantsVersion { options.command = .version; return options }
        options.command = try command(from: positionals, svgPath: svgPath, partial: partial)
        if case .calibrate = options.command {
            options.command = .calibrate(calibrate)
        } else if calibrate != CalibrateRequest() {
            throw UsageError("--program, --bank, --capture and --json only go with 'peach calibrate'")
        }
        return options
    }

    private static func number(_ text: String, for option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw UsageError("\(option) needs a number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }

    private static func command(from positionals: [String], svgPath: String?, partial: Bool) throws(UsageError) -> PeachCommand {
        guard let name = positionals.first else {
            try reject(svgPath, "--svg", only: "profile")
            try reject(partial ? "" : nil, "--partial", only: "import")
            return .train
        }
        let rest = Array(positionals.dropFirst())
        func noMoreThan(_ count: Int) throws(UsageError) {
            guard rest.count <= count else { throw UsageError("unexpected argument '\(rest[count])' after '\(name)'") }
        }
        switch name {
        case "ports":
            try noMoreThan(0)
            try reject(svgPath, "--svg", only: "profile"); try reject(partial ? "" : nil, "--partial", only: "import")
            return .ports
        case "profile":
            try noMoreThan(0)
            try reject(partial ? "" : nil, "--partial", only: "import")
            return .profile(svgPath: svgPath)
        case "export":
            try noMoreThan(1)
            try reject(svgPath, "--svg", only: "profile"); try reject(partial ? "" : nil, "--partial", only: "import")
            return .export(path: rest.first.flatMap { $0 == "-" ? nil : $0 })
        case "import":
            try reject(svgPath, "--svg", only: "profile")
            guard let path = rest.first else { throw UsageError("'import' needs the CSV file to read: peach import FILE [--partial]") }
            try noMoreThan(1)
            return .importCSV(path: path, partial: partial)
        case "calibrate":
            try noMoreThan(0)
            try reject(svgPath, "--svg", only: "profile"); try reject(partial ? "" : nil, "--partial", only: "import")
            return .calibrate(CalibrateRequest())
        case "help":
            return .help
        default:
            let suggestion = closest(to: name, in: commands).map { " (did you mean '\($0)'?)" } ?? ""
            throw UsageError("unknown command '\(name)'\(suggestion); commands: \(commands.joined(separator: ", "))")
        }
    }

    private static func reject(_ value: String?, _ option: String, only command: String) throws(UsageError) {
        if value != nil { throw UsageError("\(option) only goes with 'peach \(command)'") }
    }

    /// The candidate within edit distance 2, for "did you mean".
    static func closest(to word: String, in candidates: [String]) -> String? {
        candidates.map { ($0, editDistance(word, $0)) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
