/// What a shell can offer for an option's value or a command's arguments, read from the command
/// table that `--help` prints: one source for the help, the completions and the man page.
enum CompletionValue: Equatable {
    /// A flag: nothing follows it.
    case none
    /// A path: the shell's file completion.
    case files
    /// A directory.
    case directories
    /// One of a fixed list.
    case choices([String])
    /// Free text (a SQL query, a view's name, a number): nothing to offer.
    case text
}

extension OptionSpec {
    /// What completes this option's value: its choices, else a path when its placeholder names
    /// one (`FILE`, `PATH`, `DIR`), else nothing.
    var completion: CompletionValue {
        guard let value else { return .none }
        if !choices.isEmpty { return .choices(choices) }
        if value.contains("FILE") || value.contains("PATH") { return .files }
        if value.contains("DIR") { return .directories }
        return .text
    }

    /// Every name it answers to, with dashes: `--format`, `--reporter`.
    var flags: [String] { ([name] + aliases).map { "--\($0)" } }

    /// The help's first sentence, for a completion menu's one line.
    var shortHelp: String { CompletionText.firstSentence(help) }
}

extension CommandSpec {
    /// What completes the command's positional arguments.
    var positionalCompletion: CompletionValue {
        if maxPositionals == 0 { return .none }
        if !positionalChoices.isEmpty { return .choices(positionalChoices) }
        if positionals.contains(where: { $0.0.contains("FILE") }) { return .files }
        return .text
    }
}

/// Text helpers the completion scripts share.
enum CompletionText {
    /// Up to the first `. ` (or all of it), without the final period and without backticks.
    static func firstSentence(_ text: String) -> String {
        var sentence = text
        if let end = text.range(of: ". ") { sentence = String(text[..<end.lowerBound]) }
        if sentence.hasSuffix(".") { sentence.removeLast() }
        return sentence.replacingOccurrences(of: "`", with: "").replacingOccurrences(of: "\n", with: " ")
    }

    /// The commands the scripts complete: the tool's commands, then `help`.
    static var commands: [(name: String, summary: String)] {
        CommandLineTool.commands.map { ($0.spec.name, firstSentence($0.spec.summary)) }
            + [("help", "Show the help of the tool or of a command")]
    }
}
