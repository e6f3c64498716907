import Foundation
import TraceModel
import TraceRules
import TraceStore

/// `trace-analyze report`: analyse a stored trace (the latest by default) and print a report.
enum ReportCommand: Command {
    static let spec = CommandSpec(
        name: "report",
        summary: "Analyse a stored trace and report its lifecycle problems.",
        usage: "[--db PATH] [--trace ID] [--config PATH] [--format FORMAT] [--output FILE] [--fail-on LEVEL] [--strict] [--sources DIR] [--baseline FILE] [--write-baseline FILE]",
        options: [
            DatabaseOption.spec,
            OptionSpec(name: "trace", value: "ID", help: "The trace to analyse (default: the latest; see `trace-analyze traces`)."),
            ConfigOption.spec,
        ] + ReportOptions.specs,
        discussion: """
        The findings replace the trace's earlier ones in the database's findings and evidence
        tables, where `trace-analyze query` can read them. Exit codes are those of `check`.

        EXAMPLES:
          trace-analyze ingest app.log --db run.sqlite && trace-analyze report --db run.sqlite
          trace-analyze report --trace 3 --format json
        """
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let requested = try arguments.value("trace").map { value -> Int in
            guard let id = Int(value), id > 0 else { throw UsageError("--trace needs a trace id (a positive integer), not '\(value)'") }
            return id
        }
        let file = try ConfigOption.load(arguments)
        let configuration = try RuleConfiguration(file: file)
        let options = try ReportOptions(arguments, configuration: CheckConfiguration(file: file))
        let path = DatabaseOption.path(arguments)
        guard FileManager.default.fileExists(atPath: path) else {
            throw ToolError("no database at \(path); create one with `trace-analyze ingest FILE --db \(path)`")
        }
        // Opened for writing: the findings are stored next to the trace.
        let database = try TraceDatabase.openForWriting(path: path)
        defer { TraceDatabase.finishWriting(database) }
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
        let findings = try Analyzer(database: database, configuration: configuration, sources: options.sources).analyze(traceID: traceID)
        return try options.finish(findings: findings, traceCount: 1, configuration: configuration)
    }
}
