import TraceStore

/// `trace-analyze query`: read-only SQL over the store.
enum QueryCommand: Command {
    static let spec = CommandSpec(
        name: "query",
        summary: "Run read-only SQL over the trace database and print the result.",
        usage: "SQL [--db PATH] [--format table|csv|json|ndjson]",
        options: [
            DatabaseOption.spec,
            OptionSpec(name: "format", value: "FORMAT", help: "table (default), csv, json or ndjson."),
            OptionSpec(name: "timeout", value: "SECONDS", help: "Stop the query after this many seconds (Ctrl-C always stops it)."),
        ],
        positionals: [("SQL", "One or more SQL statements; any that would write is refused.")],
        maxPositionals: 1,
        discussion: """
        The database is opened read-only: DROP, DELETE, UPDATE, INSERT, ATTACH, VACUUM INTO and
        writing pragmas are refused. In table output NULL prints as NULL and an empty string as ''.
        See `trace-analyze schema` for the tables.

        EXAMPLES:
          trace-analyze query "SELECT kind, count(*) FROM events GROUP BY kind"
          trace-analyze query --format csv "SELECT * FROM view_summary WHERE trace_id = 1"
        """
    )

    static func parseTimeout(_ text: String) throws -> Double {
        guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
            throw UsageError("--timeout needs a positive number of seconds, got '\(text)'")
        }
        return seconds
    }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let sql = arguments.positionals.first else {
            throw UsageError("missing SQL, e.g. trace-analyze query \"SELECT * FROM traces\"")
        }
        let format = try ResultFormat.parse(arguments.value("format"))
        let timeout = try arguments.value("timeout").map(parseTimeout)
        let database = try DatabaseOption.openForReading(arguments)
        Interruption.route(to: database)
        // With nobody left to read (`| head`), computing more rows is wasted: stop the statement.
        let interrupter = database.interrupter
        Console.whenOutputFails = { interrupter.interrupt() }
        var writer = format.makeWriter()
        do {
            try database.withTimeout(timeout, stop: { Interruption.wasSignalled }) {
                try ReadOnlyQuery.run(sql, on: database, columns: { writer.begin(columns: $0) }, row: { writer.add(row: $0) })
            }
        } catch let error as SQLiteError where error.isInterrupt {
            // No footer: a row count for a query that did not finish would mislead.
            if Console.outputFailure != nil {
                // `main` reports the failed write and picks the exit code.
                return ExitCode.failure
            }
            if Interruption.wasSignalled {
                Console.error("query interrupted")
                return ExitCode.interrupted
            }
            throw ToolError("query stopped after the \(arguments.value("timeout") ?? "") s --timeout")
        }
        writer.finish()
        return ExitCode.success
    }
}
