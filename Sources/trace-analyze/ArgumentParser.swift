import TraceModel
/// One option a command accepts.
struct OptionSpec: Sendable {
    /// The long name without dashes: `db` for `--db`.
    let name: String
    /// The value's placeholder (`PATH`); nil for a flag that takes no value.
    let value: String?
    /// One line of help.
    let help: String
    /// Whether the option may be given more than once.
    var repeatable = false
    /// Other names accepted for it (`reporter` for `format`, as SwiftLint users type it).
    var aliases: [String] = []
    /// The values it accepts when they are a fixed list, for shell completion and the man page.
    var choices: [String] = []

    /// Whether `name` (without dashes) names this option.
    func answers(to name: String) -> Bool { self.name == name || aliases.contains(name) }
}

/// A command's name, options, positional arguments and help.
struct CommandSpec: Sendable {
    let name: String
    let summary: String
    /// The synopsis after the command name, e.g. `[FILE|-]... [--db PATH]`.
    let usage: String
    let options: [OptionSpec]
    /// Help for the positional arguments, one `(name, help)` each.
    var positionals: [(String, String)] = []
    /// The most positional arguments allowed; nil for any number.
    var maxPositionals: Int? = 0
    /// A paragraph of discussion and examples.
    var discussion: String = ""
    /// The positional arguments' values when they are a fixed list, for shell completion.
    var positionalChoices: [String] = []

    /// Every option, with the `--help` all commands share.
    var allOptions: [OptionSpec] { options + [OptionSpec(name: "help", value: nil, help: "Show this help.")] }

    var helpText: String {
        var text = "\(summary)\n\nUSAGE: trace-analyze \(name) \(usage)\n"
        if !positionals.isEmpty {
            text += "\nARGUMENTS:\n"
            let width = positionals.map(\.0.count).max() ?? 0
            for (name, help) in positionals {
                text += "  \(name.padding(toLength: width, withPad: " ", startingAt: 0))  \(help)\n"
            }
        }
        text += "\nOPTIONS:\n"
        let labels = allOptions.map { option in
            (["--\(option.name)"] + option.aliases.map { "--\($0)" }).joined(separator: ", ") + (option.value.map { " \($0)" } ?? "")
        }
        let width = labels.map(\.count).max() ?? 0
        for (label, option) in zip(labels, allOptions) {
            text += "  \(label.padding(toLength: width, withPad: " ", startingAt: 0))  \(option.help)\n"
        }
        if !discussion.isEmpty { text += "\n\(discussion)\n" }
        return text
    }
}

/// What the user typed, checked against a `CommandSpec`.
struct ParsedArguments {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []
    /// How many positionals came before the first `--`, if one was given (`diff A B -- C D`).
    private(set) var separator: Int?

    /// The last value given for `name`.
    func value(_ name: String) -> String? { values[name]?.last }
    /// Every value given for a repeatable option.
    func values(_ name: String) -> [String] { values[name] ?? [] }
    /// Whether the flag `name` was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    fileprivate mutating func add(_ option: OptionSpec, value: String?) {
        if let value { values[option.name, default: []].append(value) } else { flags.insert(option.name) }
    }

    fileprivate mutating func addPositional(_ value: String) { positionals.append(value) }

    fileprivate mutating func markSeparator() { separator = separator ?? positionals.count }
}

/// A small, strict parser: `--name value`, `--name=value`, flags, `--` and `-` for stdin.
enum ArgumentParser {
    static func parse(_ arguments: [String], for spec: CommandSpec) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.addPositional(argument)
                continue
            }
            if argument == "--" { optionsEnded = true; parsed.markSeparator(); continue }
            if argument == "-h" { parsed.add(spec.allOptions.last!, value: nil); continue }
            guard argument.hasPrefix("--") else {
                throw UsageError("unknown option '\(argument)' for '\(spec.name)'; options take two dashes; valid: \(validOptions(spec))")
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = spec.allOptions.first(where: { $0.answers(to: name) }) else {
                let names = spec.allOptions.flatMap { [$0.name] + $0.aliases }.map { "--\($0)" }
                let hint = Suggestion.hint(for: "--\(name)", in: names)
                throw UsageError("unknown option '--\(name)' for '\(spec.name)'\(hint); valid: \(validOptions(spec))")
            }
            // Messages below name the option as the user typed it; values are kept under its name.
            name = option.name
            if let placeholder = option.value {
                if inlineValue == nil {
                    guard index < arguments.count else {
                        throw UsageError("option '--\(name)' needs a value (\(placeholder))")
                    }
                    inlineValue = arguments[index]
                    index += 1
                }
                if !option.repeatable, parsed.value(name) != nil {
                    throw UsageError("option '--\(name)' given more than once")
                }
                parsed.add(option, value: inlineValue)
            } else {
                if inlineValue != nil { throw UsageError("option '--\(name)' takes no value") }
                parsed.add(option, value: nil)
            }
        }
        if let max = spec.maxPositionals, parsed.positionals.count > max, !parsed.flag("help") {
            let extra = parsed.positionals[max]
            throw UsageError("unexpected argument '\(extra)' for '\(spec.name)'; usage: trace-analyze \(spec.name) \(spec.usage)")
        }
        return parsed
    }

    private static func validOptions(_ spec: CommandSpec) -> String {
        spec.allOptions.map { "--\($0.name)" }.joined(separator: ", ")
    }
}
