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

    /// The options the commands that take one trace share.
    static let specs = [
        OptionSpec(name: "trace", value: "ID", help: "Read this stored trace from --db instead of a log (see `trace-analyze traces`)."),
        OptionSpec(
            name: "db", value: "PATH",
            help: "With --trace, the database to read (default: $TRACE_ANALYZE_DB, else ./\(TraceDatabase.defaultPath)); with a log, keep its trace here (default: a temporary database)."
        ),
        ConfigOption.spec,
    ]

    /// The positional argument those commands take.
    static let positionals = [("FILE", "A log file or an Instruments export (xctrace export XML; a .trace recording on macOS), or - for stdin (the default when input is piped); or --trace.")]

    /// Resolves the user's choice: a log (parsed now) or a stored trace; checks before reading.
    static func resolve(_ arguments: ParsedArguments) throws -> TraceSelection {
        let file = try ConfigOption.load(arguments)
        let configuration = try RuleConfiguration(file: file)
        if let id = try StoredTrace.requestedID(arguments) {
            guard arguments.positionals.isEmpty else {
                throw UsageError("give a log file or --trace, not both")
            }
            // Opened for analysis: the findings are stored next to the trace, as `report` does.
            let (database, traceID) = try StoredTrace.open(arguments, requested: id) { path in
                "no database at \(path); create one with `trace-analyze ingest FILE --db \(path)`"
            }
            return TraceSelection(database: database, traceID: traceID, configuration: configuration)
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
        return TraceSelection(database: database, traceID: summary.traceID, configuration: configuration)
    }

    /// Lays the trace out (runs the rules too: findings are part of the drawing).
    func timeline() throws -> TimelineModel {
        try Timeline.build(database: database, traceID: traceID, configuration: configuration)
    }
}
