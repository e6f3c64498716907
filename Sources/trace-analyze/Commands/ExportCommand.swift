/// `trace-analyze export`: writes a trace in a format other tools read.
enum ExportCommand: Command {
    static let spec = CommandSpec(
        name: "export",
        summary: "Write traces in formats other tools open (Perfetto, DuckDB, ClickHouse, BigQuery).",
        usage: "[FILE|-] [--trace ID] [--db PATH] [--config PATH] --format FORMAT [--output FILE|DIR] [--since DATE]",
        options: [
            OptionSpec(name: "format", value: "FORMAT", help: "The format to write (required; see FORMATS).", choices: ExportFormats.all.map(\.identifier)),
            OptionSpec(name: "output", value: "FILE|DIR", help: "Write here instead of stdout; a directory (created when missing) for ndjson and parquet."),
            OptionSpec(name: "since", value: "DATE", help: "ndjson and parquet: only traces ingested at or after this UTC date or time (YYYY-MM-DD[THH:MM[:SS]Z])."),
        ] + TraceSelection.specs,
        positionals: TraceSelection.positionals,
        maxPositionals: 1,
        discussion: """
        FORMATS:
        \(ExportFormats.list)

        The chrome-trace file has a thread per view type and instance, a complete event per
        lifetime, an instant event per init, body, appear, disappear and deinit (its line,
        message and `_printChanges` tokens in args) and an instant event per finding. Open it at
        https://ui.perfetto.dev or chrome://tracing. Without times in the log, line numbers
        stand in as microseconds; otherData.time_axis says which.

        ndjson and parquet export stored traces from --db (all of them, --trace ID, or --since
        DATE) as one file per table: traces, events, changes, findings, view_summary, tags. The
        columns have the names and types of the SQLite schema (`trace-analyze schema`); rows are
        ordered by id (view_summary by trace and view, tags by trace and key). The schema version
        is in each Parquet file's key-value metadata (trace_analyze.schema_version) and, for
        NDJSON, in schema.json next to the files (a metadata line would be read as a row).

        EXAMPLES:
          trace-analyze export app.log --format chrome-trace --output app.trace.json
          trace-analyze export --trace 3 --db run.sqlite --format chrome-trace > trace.json
          trace-analyze export --db runs.sqlite --format parquet --output export/
          trace-analyze export --db runs.sqlite --format ndjson --since 2026-11-01 --output export/
        """
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let identifier = arguments.value("format") else {
            throw UsageError("--format is required; valid: \(ExportFormats.identifiers)")
        }
        let format = try ExportFormats.named(identifier)
        let write: @Sendable (TraceSelection, ByteSink) throws -> Void
        switch format.writer {
        case .tables(let fileFormat):
            return try TableExport.run(arguments, identifier: identifier, format: fileFormat)
        case .trace(let writer):
            write = writer
        }
        if arguments.value("since") != nil {
            throw UsageError("--since selects traces for ndjson and parquet; \(identifier) writes one trace (--trace ID)")
        }
        let output = arguments.value("output")
        if let output, output != "-" { _ = try OutputFile.check(output, for: "--output") }
        let selection = try TraceSelection.resolve(arguments)
        let sink = try ByteSink(path: output, what: "\(identifier) export")
        do {
            try write(selection, sink)
            try sink.finish()
        } catch {
            sink.abandon()
            throw error
        }
        return ExitCode.success
    }
}
