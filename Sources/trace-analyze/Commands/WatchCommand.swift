import Foundation
import TraceModel
import TraceRules
import TraceStore

/// `trace-analyze watch`: findings while the app runs, then the report `check` would print.
enum WatchCommand: Command {
    static let spec = CommandSpec(
        name: "watch",
        summary: "Follow a live log and print each finding the moment it is decided; the full report at the end.",
        usage: "[FILE|-] [--no-follow] [--db PATH] [--allow-empty] [--config PATH] [--format FORMAT] [--output FILE] [--fail-on LEVEL] [--strict] [--evaluations avoidable|all] [--sources DIR] [--baseline FILE] [--write-baseline FILE] [--timeline FILE]",
        options: [
            OptionSpec(name: "no-follow", value: nil, help: "Read FILE to its end and stop, instead of following it as it grows."),
            OptionSpec(name: "db", value: "PATH", help: "Store the trace and its findings in this database, as `ingest` does (default: a temporary one, deleted when done)."),
            OptionSpec(name: "allow-empty", value: nil, help: "Accept a log with no SwiftUI lifecycle line (default: such a log is an error, exit 1)."),
            ConfigOption.spec,
            EvaluationsOption.spec,
        ] + ReportOptions.specs,
        positionals: [("FILE", "A log file (or an Instruments export) to follow, or - for stdin (the default when input is piped).")],
        maxPositionals: 1,
        discussion: """
        Reads a stream (stdin until it ends, or FILE followed as it grows, like `tail -F`: a
        FILE not there yet is waited for, truncation and rotation are survived) and runs the
        rules on each event as it is parsed. A finding is printed the moment the log shows
        enough to decide it (an update closed, a burst ended, a view appeared again); a finding
        whose severity rises later is printed again, marked as raised. Findings only the whole
        log decides are printed at the end. Each is printed once (or once per severity it
        reaches), and the set is exactly what `check` finds on the same log.

        On a terminal each finding is shown with its evidence lines, above a panel that shows
        the lines read and read per second, the findings per severity so far, and the views with
        the most body evaluations and inits in the last 5 seconds; the panel is redrawn at most
        four times a second. Without a terminal each finding is one line; with --format json it
        is one JSON object per line (NDJSON), written at once:
          {"type":"finding", "id", "rule", "severity", "previous_severity", "view", "message",
           "count", "evidence":[{"file", "line", "text"}], "counts":{"error", "warning", "info"}}
        (`text` is null for a line read too long ago to be kept).

        Stdin is read until it ends; FILE is followed until Ctrl-C, or read to its end with
        --no-follow. Ctrl-C ends the input where it is: the terminal is restored, and the full
        report (the one `check` prints for the same lines, in --format, to --output when given)
        follows. With --format json the report is the last line of the stream, on one line;
        --baseline hides findings in the report only. The exit code is `check`'s: 2 when a
        reported finding reaches --fail-on, 0 otherwise (also after Ctrl-C), 1 on errors.

        EXAMPLES:
          xcrun simctl spawn booted log stream --level debug --style compact | trace-analyze watch
          trace-analyze watch app.log
          trace-analyze watch app.log --no-follow --format json > findings.ndjson
          log stream --style ndjson --predicate 'subsystem == "com.apple.SwiftUI"' | trace-analyze watch - --db live.sqlite
        """
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        if arguments.positionals.isEmpty && Console.stdinIsTerminal {
            throw UsageError("no input: name a log file to follow, or pipe one in with `-`")
        }
        var input = arguments.positionals.first ?? "-"
        let file = try ConfigOption.load(arguments)
        let configuration = try EvaluationsOption.apply(arguments, to: RuleConfiguration(file: file))
        let patterns = try UserPattern.load(from: file)
        let options = try ReportOptions(arguments, configuration: CheckConfiguration(file: file))
        let follow = input != "-" && !arguments.flag("no-follow")
        if follow, !FileManager.default.fileExists(atPath: input) {
            // As `tail -F`: the app that writes the log may start after the watcher.
            Console.note("trace-analyze: waiting for \(input) to appear (Ctrl-C to stop)")
        } else {
            input = try InputCheck.requireReadable([input])[0]
        }
        // As `check`: a temporary database read only for the report keeps its events in a spool,
        // which leaves the core the inserts took to the rules (and to the app being watched).
        let (database, storesTokens) = try options.runDatabase(keptIn: arguments.value("db"), configuration: configuration)

        let json = options.reporter == JSONReporter.self
        let mode: WatchSession.Mode = json ? .json : Console.stdoutIsTerminal && ProcessInfo.processInfo.environment["TERM"] != "dumb" ? .panel : .lines
        let session = WatchSession(
            mode: mode, configuration: configuration, sources: options.sources, source: input,
            colours: TerminalColours.enabled(isTerminal: Console.stdoutIsTerminal), database: database
        )
        // Ctrl-C ends the input in good order; the terminal is restored on every way out.
        Interruption.catchSignal()
        defer { session.restore() }
        let ingestor = Ingestor(database: database, makeParser: { TraceParser(patterns: patterns) }, storingTokens: storesTokens)
        let summary = try ingestor.ingest(path: input, follow: follow, observer: session)
        try session.finish()
        let coverage = try TraceCoverage.read(database, traceID: summary.traceID)
        let status = try options.finish(
            database: database, traceIDs: [summary.traceID], coverage: [coverage], configuration: configuration, singleLineJSON: json
        )
        if !arguments.flag("allow-empty"), coverage.isEmpty {
            throw ToolError(EmptyLogMessage.render(coverage))
        }
        return status
    }
}
