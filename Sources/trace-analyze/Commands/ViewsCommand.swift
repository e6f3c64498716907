import TraceModel
import TraceRules
import TraceStore

/// `trace-analyze views`: one row per view, ranked by body evaluations and split by cause.
enum ViewsCommand: Command {
    static let formats = ["table", "csv", "json", "markdown"]

    static let spec = CommandSpec(
        name: "views",
        summary: "A per-view account of a trace: inits, body evaluations by cause, appears, deinits, findings.",
        usage: "[FILE|-] [--format table|csv|json|markdown] [--trace ID] [--db PATH] [--config PATH]",
        options: [
            OptionSpec(name: "format", value: "FORMAT", help: "table (default), csv, json or markdown.", choices: ["table", "csv", "json", "markdown"]),
        ] + TraceInput.specs,
        positionals: [("FILE", "A log file or an Instruments export (xctrace export XML; a .trace recording on macOS), or - for stdin; without it, the stored trace (--trace ID, default the latest).")],
        maxPositionals: 1,
        discussion: """
        One row per view type, and per instance where the log names instances (an address, a
        UUID, #n), most body evaluations first, as a profiler ranks functions (most body
        time first when bodies were measured). avoidable counts the body evaluations that need not
        have happened: `X: unchanged.` (nothing the view reads changed), and those a finding
        explains as waste (inside a loop excessive_body_evaluation flags; @self alone of a view
        unstable_view_value or redundant_instance_creation flags). The others were expected (a
        first evaluation, a new identity, a change of something the view reads) or the log does
        not say (a body print alone). The body
        evaluations are split by cause (see `trace-analyze why --help`): state, observed_object,
        environment, dependency, parent, identity (new identities), unknown. max_init_ms is the
        longest init duration the log reported; body_ms and max_body_ms, shown when the
        trace has measured bodies (TraceProbe lines, Instruments), are their total and longest
        time; findings counts the rules' findings about the view.

        EXAMPLES:
          trace-analyze views app.log
          trace-analyze views --trace 3 --db run.sqlite --format csv > views.csv
          trace-analyze views app.log --format markdown >> "$GITHUB_STEP_SUMMARY"
        """
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let format = arguments.value("format") ?? "table"
        guard formats.contains(format) else { throw UsageError(Suggestion.unknown("format", format, valid: formats)) }
        let input = try TraceInput.open(arguments, file: arguments.positionals.first)
        var writer: any ResultWriter = format == "markdown" ? MarkdownRowsWriter() : try ResultFormat.parse(format).makeWriter(listing: true)
        let measured = try ViewAccount.isMeasured(traceID: input.traceID, in: input.database)
        writer.begin(columns: measured ? ViewAccount.measuredColumns : ViewAccount.columns)
        try ViewAccount.forEachRow(traceID: input.traceID, in: input.database) { row in
            let time: [SQLValue] = measured
                ? [row.bodyMilliseconds.map { .real($0) } ?? .null, row.maxBodyMilliseconds.map { .real($0) } ?? .null] : []
            writer.add(row: [.text(row.view), row.instance.map { .text($0) } ?? .null, .integer(Int64(row.inits)), .integer(Int64(row.bodies)),
                             .integer(Int64(row.avoidable))]
                + row.bodiesByCause.map { .integer(Int64($0)) }
                + [.integer(Int64(row.appears)), .integer(Int64(row.disappears)), .integer(Int64(row.deinits)),
                   row.maxInitMilliseconds.map { .real($0) } ?? .null]
                + time + [.integer(Int64(row.findings))])
        }
        writer.finish()
        return ExitCode.success
    }
}
