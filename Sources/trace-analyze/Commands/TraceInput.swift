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
        let requested = try arguments.value("trace").map { value -> Int in
            guard let id = Int(value), id > 0 else { throw UsageError("--trace needs a trace id (a positive integer), not '\(value)'") }
            return id
        }
        let configFile = try ConfigOption.load(arguments)
        let configuration = try RuleConfiguration(file: configFile)
        if let file {
            guard requested == nil else { throw UsageError("give a log FILE or --trace ID, not both") }
            try InputCheck.requireReadable([file])
            let patterns = try UserPattern.load(from: configFile)
            let database = try arguments.value("db").map(TraceDatabase.openForWriting) ?? TraceDatabase.openTemporary()
            let summary = try Ingestor(database: database, makeParser: { TraceParser(patterns: patterns) }).ingest(path: file)
            _ = try Analyzer(database: database, configuration: configuration).analyze(traceID: summary.traceID)
            return (database, summary.traceID)
        }
        let path = DatabaseOption.path(arguments)
        guard FileManager.default.fileExists(atPath: path) else {
            throw ToolError("no database at \(path); name a log FILE (or - for stdin), or store one with `trace-analyze ingest FILE --db \(path)`")
        }
        // Opened for writing: a trace that was only ingested gets its updates and causes now.
        let database = try TraceDatabase.openForWriting(path: path)
        let traceID: Int
        if let requested {
            guard try TraceCatalog.list(database).contains(where: { $0.id == requested }) else {
                throw ToolError("no trace \(requested) in \(path); `trace-analyze traces --db \(path)` lists them")
            }
            traceID = requested
        } else {
            guard let latest = try TraceCatalog.latestID(database) else {
                throw ToolError("\(path) holds no traces; add one with `trace-analyze ingest FILE --db \(path)`")
            }
            traceID = latest
        }
        try Explainer.prepare(traceID, in: database, configuration: configuration)
        return (database, traceID)
    }
}
