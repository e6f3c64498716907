import Foundation
import TraceModel
import TraceRules
import TraceStore

/// `trace-analyze report`: analyse a stored trace (the latest by default) and print a report.
enum ReportCommand: Command {
    static let spec = CommandSpec(
        name: "report",
        summary: "Analyse a stored trace and report its lifecycle problems.",
        usage: "[--db PATH] [--trace ID] [--config PATH] [--format FORMAT] [--output FILE] [--fail-on LEVEL] [--strict] [--evaluations avoidable|all] [--sources DIR] [--baseline FILE] [--write-baseline FILE] [--timeline FILE]",
        options: [
            DatabaseOption.spec,
            OptionSpec(name: "trace", value: "ID", help: "The trace to analyse (default: the latest; see `trace-analyze traces`)."),
            ConfigOption.spec,
            EvaluationsOption.spec,
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
        let requested = try StoredTrace.requestedID(arguments)
        let file = try ConfigOption.load(arguments)
        let configuration = try EvaluationsOption.apply(arguments, to: RuleConfiguration(file: file))
        let options = try ReportOptions(arguments, configuration: CheckConfiguration(file: file))
        let (database, traceID) = try StoredTrace.open(arguments, requested: requested) { path in
            "no database at \(path); create one with `trace-analyze ingest FILE --db \(path)`"
        }
        // Updates and causes are written when `why` or `views` first asks for them: writing a row
        // per body line would cost `report` more than its rules.
        // Each finding is stored as its rule produces it; the report reads them back from there.
        // With --timeline the page's layout runs the rules and stores their findings (`analysesTrace`).
        // Budgets read the updates and causes: stored by this same analysis, not by a second one.
        if !options.analysesTrace {
            try Analyzer(
                database: database, configuration: configuration, sources: options.sources,
                storingExplanations: !options.budgets.isEmpty
            ).analyzeIntoStore(traceID: traceID)
        }
        let coverage = try TraceCoverage.read(database, traceID: traceID)
        return try options.finish(
            database: database, traceIDs: [traceID], coverage: [coverage], configuration: configuration,
            keptIn: DatabaseOption.path(arguments)
        )
    }
}
