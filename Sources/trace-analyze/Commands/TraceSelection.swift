import Foundation
import TraceModel
import TraceRules
import TraceStore

/// The one trace a drawing or export command reads: a log parsed into a temporary store (as
/// `check` parses it), or a stored trace (`--trace ID`, `--db`, as `report` reads one).
struct TraceSelection {
    let database: Database
    let traceID: Int
    let configuration: RuleConfiguration
    /// The command line that selects this trace again: `--trace ID --db PATH` when it is kept
    /// in a database, else the log (a temporary store is gone once the command ends).
    let selector: String

    /// The options the commands that take one trace share.
    static let specs = [
        OptionSpec(name: "trace", value: "ID", help: "Read this stored trace from --db instead of a log (see `trace-analyze traces`); --db without a log reads the latest."),
        OptionSpec(
            name: "db", value: "PATH",
            help: "Without a log, the database whose trace to read (--trace ID, default the latest; default: $TRACE_ANALYZE_DB, else ./\(TraceDatabase.defaultPath)); with a log (- for stdin), keep its trace here (default: a temporary database)."
        ),
        ConfigOption.spec,
    ]

    /// The positional argument those commands take.
    static let positionals = [("FILE", "A log file or an Instruments export (xctrace export XML; a .trace recording on macOS), or - for stdin (the default when input is piped and no --db is given); or --trace.")]

    /// Resolves the user's choice: a log (parsed now) or a stored trace; checks before reading.
    static func resolve(_ arguments: ParsedArguments) throws -> TraceSelection {
        let file = try ConfigOption.load(arguments)
        let configuration = try RuleConfiguration(file: file)
        let requested = try StoredTrace.requestedID(arguments)
        // `--db` without a log names the stored traces to read (the latest), as for `report`,
        // `why` and `views`; a piped log is stored there only when named as `-`.
        if requested != nil || (arguments.positionals.isEmpty && arguments.value("db") != nil) {
            guard arguments.positionals.isEmpty else {
                throw UsageError("give a log file or --trace, not both")
            }
            // Opened for analysis: the findings are stored next to the trace, as `report` does.
            let (database, traceID) = try StoredTrace.open(arguments, requested: requested) { path in
                "no database at \(path); create one with `trace-analyze ingest FILE --db \(path)`"
            }
            let selector = "--trace \(traceID) --db \(ShellWord.quote(DatabaseOption.path(arguments)))"
            return TraceSelection(database: database, traceID: traceID, configuration: configuration, selector: selector)
        }
        var input = arguments.positionals.first
        if input == nil {
            guard !Console.stdinIsTerminal else {
                throw UsageError("no input: name a log file, pipe one in with `-`, or give --trace ID")
            }
            input = "-"
        }
        let inputs = try InputCheck.requireReadable([input!])
        let patterns = try UserPattern.load(from: file)
        let database = try arguments.value("db").map(TraceDatabase.openForWriting) ?? TraceDatabase.openTemporary()
        let summary = try Ingestor(database: database, makeParser: { TraceParser(patterns: patterns) }).ingest(path: inputs[0])
        let selector = arguments.value("db").map { "--trace \(summary.traceID) --db \(ShellWord.quote($0))" }
            ?? ShellWord.quote(inputs[0])
        return TraceSelection(database: database, traceID: summary.traceID, configuration: configuration, selector: selector)
    }

    /// Lays the trace out (runs the rules too: findings are part of the drawing); with
    /// `lines`, only that range's marks.
    func timeline(lines: ClosedRange<Int>? = nil) throws -> TimelineModel {
        try Timeline.build(database: database, traceID: traceID, configuration: configuration, lines: lines)
    }

    /// Lays the trace out as `timeline` does, its marks in a temporary file: for a writer that
    /// walks it once, in memory that does not grow with it.
    func timelineSpool() throws -> TimelineSpool {
        try Timeline.spool(database: database, traceID: traceID, configuration: configuration)
    }

    /// Bins the trace at a few levels of detail, in memory that does not grow with it.
    func timelineSummary() throws -> TimelineSummary {
        try Timeline.summarize(database: database, traceID: traceID, configuration: configuration)
    }

    /// The stored trace's row (its counts).
    func trace() throws -> TraceCatalog.Trace {
        guard let trace = try TraceCatalog.list(database).first(where: { $0.id == traceID }) else {
            throw ToolError("no trace \(traceID) in \(database.path)")
        }
        return trace
    }
}
