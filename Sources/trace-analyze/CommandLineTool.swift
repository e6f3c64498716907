import Foundation
import TraceModel

/// The tool's entry: picks the command, runs it, turns errors into one line and an exit code.
enum CommandLineTool {
    static let version = "0.1.0"

    /// Every command, in the order `--help` lists them.
    static let commands: [CommandEntry] = [
        CommandEntry(CheckCommand.self),
        CommandEntry(LintCommand.self),
        CommandEntry(InstrumentCommand.self),
        CommandEntry(FixCommand.self),
        CommandEntry(IngestCommand.self),
        CommandEntry(WatchCommand.self),
        CommandEntry(ReportCommand.self),
        CommandEntry(WhyCommand.self),
        CommandEntry(ViewsCommand.self),
        CommandEntry(BudgetsCommand.self),
        CommandEntry(DiffCommand.self),
        CommandEntry(TimelineCommand.self),
        CommandEntry(ExportCommand.self),
        CommandEntry(QueryCommand.self),
        CommandEntry(TracesCommand.self),
        CommandEntry(MetricKitCommand.self),
        CommandEntry(RulesCommand.self),
        CommandEntry(SchemaCommand.self),
        CommandEntry(PatternsCommand.self),
        CommandEntry(CompletionsCommand.self),
        CommandEntry(ManCommand.self),
        CommandEntry(MCPCommand.self),
    ]

    /// What the tool does, in one line: the help's first line and the man page's NAME.
    static let tagline = "explains SwiftUI view lifecycles from an app's console output"

    /// The exit codes, as `--help` and the man page state them.
    static let exitCodes = """
    0 success; 1 usage, input, database, SQL or output error; 2 findings at or above
    --fail-on; 130 interrupted by Ctrl-C (143 SIGTERM, 129 SIGHUP); 141 stdout's reader went
    away (`| head`).
    """

    static func run(_ arguments: [String]) -> Int32 {
        // Run bare, the tool shows what it can do, as `swift` and `cargo` do: a first try is
        // answered with the commands, not with an error about a missing one.
        guard let first = arguments.first else {
            Console.out(HelpLayout.fitted(helpText))
            return ExitCode.success
        }
        switch first {
        case "--help", "-h", "help":
            if first == "help", arguments.count > 1, let command = command(named: arguments[1]) {
                Console.out(HelpLayout.fitted(command.spec.helpText))
            } else {
                Console.out(HelpLayout.fitted(helpText))
            }
            return ExitCode.success
        case "--version":
            Console.out("trace-analyze \(version)")
            return ExitCode.success
        default:
            break
        }
        guard let command = command(named: first) else {
            let error = first.hasPrefix("-")
                ? UsageError("unknown option '\(first)'; valid: --help, --version, or a command: \(commandNames)")
                : UsageError("unknown command '\(first)'\(Suggestion.hint(for: first, in: commands.map(\.spec.name))); valid commands: \(commandNames)")
            Console.error(usageError: error)
            return ExitCode.failure
        }
        do {
            let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), for: command.spec)
            if parsed.flag("help") {
                Console.out(HelpLayout.fitted(command.spec.helpText))
                return ExitCode.success
            }
            return try command.run(parsed)
        } catch let error as UsageError {
            Console.error(usageError: error, command: command.spec.name)
            return ExitCode.failure
        } catch {
            Console.error(String(describing: error))
            return ExitCode.failure
        }
    }

    /// The exit code once a write to stdout failed, whatever the command returned.
    ///
    /// A reader that went away (`| head`) is not an error worth a message: the status is 141,
    /// what a shell reports for a filter that SIGPIPE ended, so `set -o pipefail` sees it alike.
    /// Any other failure (a full disk, a file-size limit) is an error: a report cut short must not
    /// leave a green CI job.
    static func exitCode(afterOutputFailure failure: Int32) -> Int32 {
        if failure == EPIPE { return ExitCode.closedPipe }
        Console.error("cannot write to stdout: \(String(cString: strerror(failure)))")
        return ExitCode.failure
    }

    static func command(named name: String) -> CommandEntry? {
        commands.first { $0.spec.name == name }
    }

    static var commandNames: String { commands.map { $0.spec.name }.joined(separator: ", ") }

    static var helpText: String {
        let width = commands.map { $0.spec.name.count }.max() ?? 0
        let list = commands.map {
            "  \($0.spec.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.spec.summary)"
        }.joined(separator: "\n")
        return """
        trace-analyze \(version): \(tagline).

        USAGE: trace-analyze <command> [options]

        COMMANDS:
        \(list)

        OPTIONS:
          --help, -h   Show this help, or `trace-analyze <command> --help` for a command's.
          --version    Show the version.

        EXIT CODES: \(exitCodes)
        """
    }
}

/// Process exit codes, as SwiftLint uses them so CI scripts treat both alike.
enum ExitCode {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let findings: Int32 = 2
    static let interrupted: Int32 = 130
    /// Stdout was a pipe whose reader went away; what a shell shows for a process SIGPIPE ended.
    static let closedPipe: Int32 = 141
}
