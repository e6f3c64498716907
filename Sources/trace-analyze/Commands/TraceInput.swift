import Foundation
import TraceModel
import TraceRules
import TraceStore

/// The trace `why` and `views` read: a log file or stdin, parsed and analysed into a temporary
/// store as `check` does, or a stored trace (`--trace ID`, default the latest) analysed as
/// `report` does when it has not been yet.
enum TraceInput {
    static let specs: [OptionSpec] = [
        OptionSpec(name: "trace", value: "ID", help: "Read this stored trace instead of a log file (default without FILE: the latest)."),
        OptionSpec(name: "db", value: "PATH", help: "The database of stored traces (default: $TRACE_ANALYZE_DB, else ./\(TraceDatabase.defaultPath)); with FILE, keep the parsed trace there."),
        ConfigOption.spec,
    ]

    /// The database and the trace's id, analysed. `file` is a path, `-` for stdin, or nil for a
    /// stored trace.
    static func open(_ arguments: ParsedArguments, file: String?) throws -> (database: Database, traceID: Int) {
        let requested = try StoredTrace.requestedID(arguments)
        let configFile = try ConfigOption.load(arguments)
        let configuration = try RuleConfiguration(file: configFile)
        if let file {
            guard requested == nil else { throw UsageError("give a log FILE or --trace ID, not both") }
            let file = try InputCheck.requireReadable([file])[0]
            let patterns = try UserPattern.load(from: configFile)
            let database = try arguments.value("db").map(TraceDatabase.openForWriting) ?? TraceDatabase.openTemporary()
            let summary = try Ingestor(database: database, makeParser: { TraceParser(patterns: patterns) }).ingest(path: file)
            _ = try Analyzer(database: database, configuration: configuration).analyze(traceID: summary.traceID)
            return (database, summary.traceID)
        }
        // Opened for analysis: a trace that was only ingested gets its updates and causes now
        // (kept where the file can be written, else in temporary tables beside the file read).
        let (database, traceID) = try StoredTrace.open(arguments, requested: requested, isAnalysed: { try Explainer.isAnalysed($1, in: $0) }) { path in
            "no database at \(path); name a log FILE (or - for stdin), or store one with `trace-analyze ingest FILE --db \(path)`"
        }
        try Explainer.prepare(traceID, in: database, configuration: configuration)
        return (database, traceID)
    }
}
