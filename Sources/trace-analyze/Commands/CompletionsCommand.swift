import TraceModel
/// `trace-analyze completions SHELL`: prints a completion script for bash, zsh or fish, made
/// from the same command table as `--help`.
enum CompletionsCommand: Command {
    static let shells = ["bash", "zsh", "fish"]

    static let spec = CommandSpec(
        name: "completions",
        summary: "Print the shell completion script for bash, zsh or fish.",
        usage: "bash|zsh|fish",
        options: [],
        positionals: [("SHELL", "bash, zsh or fish.")],
        maxPositionals: 1,
        discussion: """
        The script completes commands, each command's options, and their values: report
        formats, fail levels, files and directories. It is made from the same table as
        `--help`, so it always matches the binary that printed it.

        EXAMPLES:
          source <(trace-analyze completions bash)        # this bash; or, for every shell:
          trace-analyze completions bash > ~/.local/share/bash-completion/completions/trace-analyze
          source <(trace-analyze completions zsh)         # this zsh, after compinit; or:
          trace-analyze completions zsh > "${fpath[1]}/_trace-analyze"
          trace-analyze completions fish > ~/.config/fish/completions/trace-analyze.fish
        """,
        positionalChoices: shells
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let shell = arguments.positionals.first else {
            throw UsageError("name a shell: \(shells.joined(separator: ", "))")
        }
        switch shell {
        case "bash": Console.write(BashCompletionScript.text)
        case "zsh": Console.write(ZshCompletionScript.text)
        case "fish": Console.write(FishCompletionScript.text)
        default:
            throw UsageError(Suggestion.unknown("shell", shell, valid: shells))
        }
        return ExitCode.success
    }
}
