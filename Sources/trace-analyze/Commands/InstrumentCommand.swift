import Foundation
import TraceInstrument

/// `trace-analyze instrument`: put TraceProbe's lines into every view and model of an app, or
/// take them out again.
enum InstrumentCommand: Command {
    static let spec = CommandSpec(
        name: "instrument",
        summary: "Insert TraceProbe into every SwiftUI view and observable model of an app's sources, or take it out.",
        usage: "[DIR|FILE]... [--remove] [--dry-run] [--print-changes] [--condition NAME] [--only PATH]... [--exclude PATH]...",
        options: [
            OptionSpec(name: "remove", value: nil, help: "Take out everything instrument inserted, giving back each file byte for byte."),
            OptionSpec(name: "dry-run", value: nil, help: "Change nothing; print what would change as a unified diff."),
            OptionSpec(name: "print-changes", value: nil, help: "Insert `let _ = Self._printChanges()` into every view's body instead of the probe."),
            OptionSpec(name: "condition", value: "NAME", help: "The compilation condition around every inserted line (default: DEBUG)."),
            OptionSpec(name: "only", value: "PATH", help: "Change only the files at or below PATH (repeatable); the rest are still read.", repeatable: true),
            OptionSpec(name: "exclude", value: "PATH", help: "Change none of the files at or below PATH (repeatable), whatever --only says.", repeatable: true),
        ],
        positionals: [("DIR|FILE", "A Swift file, or a directory whose .swift files are read (default: the current directory).")],
        maxPositionals: nil,
        discussion: """
        Each struct conforming to View or ViewModifier (in its declaration or an extension) gets
        TraceProbe's token in @State, and its body writes a measured body line and reports its
        appear and disappear. Each ObservableObject and @Observable class gets a ModelProbe
        that writes its init (with its duration) and its deinit, naming the view that makes it
        when one view alone does. App, Scene, previews, test targets and Package.swift are left
        alone. Every inserted line sits inside `#if DEBUG` (or --condition) and ends in a
        `// trace-analyze:instrument` comment; --remove takes out exactly those lines, and a
        second run changes nothing.
        Files are written whole through a temporary file and a rename, with their permissions
        and line ends kept, as every output of the tool is written; a symbolic link is followed
        and the file it names rewritten, the link left a link. A read-only file, a FIFO or
        device, and a file instrument cannot follow (brackets that do not pair, not UTF-8,
        binary) are left as they are, each with one line on stderr saying why. --only and
        --exclude limit which files change; all are still read, so a body in one file and its
        view in another stay consistent. Run the app with TRACE_PROBE=1 in its environment and
        give its console output to `check` (docs/getting-a-log.md: capturing the simulator's
        log, Xcode's console, a UI test's). Exit status: 0 done (also when files were left
        alone), 1 a path does not exist or an option is wrong.

        EXAMPLES:
          trace-analyze instrument Sources/App --dry-run
          trace-analyze instrument Sources/App
          trace-analyze instrument Sources/App --remove
          trace-analyze instrument . --print-changes --condition TRACE_VIEWS
        """
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let remove = arguments.flag("remove")
        let condition = arguments.value("condition") ?? "DEBUG"
        guard InstrumentOptions.isValidCondition(condition) else {
            throw UsageError("--condition '\(condition)' is not a compilation condition (letters, digits and _)")
        }
        if remove, arguments.flag("print-changes") || arguments.value("condition") != nil {
            throw UsageError("--remove takes out whatever was inserted; --print-changes and --condition do not apply")
        }
        for limit in arguments.values("only") + arguments.values("exclude") where !FileManager.default.fileExists(atPath: limit) {
            throw UsageError("--only/--exclude \(limit): no such file or directory")
        }
        let options = InstrumentOptions(mode: arguments.flag("print-changes") ? .printChanges : .probe, condition: condition,
                                        only: arguments.values("only"), exclude: arguments.values("exclude"))
        let instrumenter = Instrumenter(options: options, action: remove ? .remove : .instrument, dryRun: arguments.flag("dry-run"))
        let report: InstrumentReport
        do {
            // Ctrl-C, SIGTERM, SIGHUP: the file being written is finished, the rest left alone.
            Interruption.catchSignal()
            report = try instrumenter.run(paths: arguments.positionals.isEmpty ? ["."] : arguments.positionals) { Interruption.wasSignalled }
        } catch {
            throw ToolError(error.reason)
        }
        Console.write(report.diff)
        for skipped in report.skipped { Console.note("trace-analyze: warning: \(skipped.path): \(skipped.reason)") }
        Console.noteVendored(report.vendored, verb: "instrument")
        for note in report.notes { Console.note("trace-analyze: note: \(note)") }
        Console.note(InstrumentSummary.text(report, instrumenter: instrumenter))
        if let file = report.stoppedBefore {
            Console.note("trace-analyze: interrupted before \(file): the \(report.changed.count) files listed are written whole, the rest are as they were; run the same command again to finish, or --remove to undo")
            return Interruption.exitStatus
        }
        return ExitCode.success
    }
}
